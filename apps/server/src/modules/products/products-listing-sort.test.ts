import { roublesToKopecks, type ProductSort } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, type Category, type Product } from "../../db/schema/catalog.js";
import type { User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, createTestSubcategory } from "../../test/test-catalog.js";
import { createTestUser } from "../../test/test-users.js";

/*
 * The public listings' sorts and filters (issue 21): the home listing, a game or a subcategory by id, a game's
 * subcategory by slugs, each in every order, narrowed by every filter, paged by key with `after`. What moves a
 * listing in them is in products-listing-moves.test.ts.
 */

const sorts: ProductSort[] = ["newest", "price_asc", "price_desc", "rating"];
const hour = 3_600_000;
const base = Date.UTC(2030, 0, 1);
const hoursAgo = (hours: number) => new Date(base - hours * hour);

const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
// What each sort means (the contract's productSortSchema): ties go newest first, then by id, both the way the
// sort runs. Uuids compare in the database as their lower-case text does.
const newestFirst = (a: Product, b: Product) =>
  compare(b.listedAt!.getTime(), a.listedAt!.getTime()) || compare(b.id, a.id);
const orders: Record<ProductSort, (a: Product, b: Product) => number> = {
  newest: newestFirst,
  price_asc: (a, b) => compare(a.priceKopecks, b.priceKopecks) || compare(a.id, b.id),
  price_desc: (a, b) => compare(b.priceKopecks, a.priceKopecks) || compare(b.id, a.id),
  rating: (a, b) => compare(b.sellerRating, a.sellerRating) || newestFirst(a, b),
};
const inOrder = (rows: readonly Product[], sort: ProductSort) => [...rows].sort(orders[sort]).map((row) => row.id);
const ids = (list: Array<{ id: string }>) => list.map((product) => product.id);

describe("sorted and filtered listings", () => {
  let t: TestApp;
  let game: Category;
  let keys: Category;
  let gold: Category;
  let otherGame: Category;
  let onSale: Product[];

  const list = async (url: string) => {
    const response = await t.app.inject({ method: "GET", url });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    return ids(Array.isArray(body) ? body : body.products);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const high = await createTestUser(db, { username: "sort_high", rating: 4.5 });
    const mid = await createTestUser(db, { username: "sort_mid", rating: 3 });
    const low = await createTestUser(db, { username: "sort_low", rating: 0 });
    game = await createTestGame(db, "Sort Game");
    keys = await createTestSubcategory(db, game, "Keys");
    gold = await createTestSubcategory(db, game, "Gold");
    otherGame = await createTestGame(db, "Other Sort Game");
    // Ties on purpose: prices of 50, 100 and 250 ₽ several times, listings gone on sale in the same hour, sellers of
    // one rating. Written in the reverse order of going on sale, so "newest" by when a listing was written is wrong.
    const made: Array<[User, Category, number, number, "auto" | "manual"]> = [
      [high, game, 100, 1, "auto"],
      [mid, keys, 250, 2, "auto"],
      [low, gold, 100, 3, "manual"],
      [high, keys, 500, 3, "auto"],
      [mid, gold, 250, 4, "manual"],
      [low, game, 50, 5, "auto"],
      [high, gold, 1000, 6, "auto"],
      [mid, game, 100, 6, "auto"],
      [low, keys, 750, 7, "auto"],
      [high, game, 250, 8, "manual"],
      [mid, keys, 50, 9, "auto"],
      [high, gold, 100, 9, "auto"],
      [high, otherGame, 300, 0.5, "auto"],
      [low, otherGame, 100, 10, "auto"],
    ];
    onSale = [];
    for (const [index, [seller, category, price, listedHoursAgo, delivery]] of made.entries())
      onSale.push(
        await createTestProduct(t, {
          sellerId: seller.id,
          categoryId: category.id,
          priceKopecks: roublesToKopecks(price),
          delivery,
          createdAt: hoursAgo(100 - index),
          listedAt: hoursAgo(listedHoursAgo),
        }),
      );
    // Never in any listing, whatever the filters.
    for (const status of ["moderation", "rejected", "paused", "purchased", "withdrawn", "suspended"] as const)
      await createTestProduct(t, { sellerId: high.id, categoryId: keys.id, status, priceKopecks: 100_00 });
    await createTestProduct(t, { sellerId: high.id, categoryId: game.id, deletedAt: new Date() });
  });
  afterAll(() => t.close());

  const inGame = () => onSale.filter((row) => row.gameId === game.id);

  it("orders the home listing by each sort, newest by when a listing went on sale, ties newest first then by id", async () => {
    expect(await list("/v1/products/get/all?per_page=100")).toEqual(inOrder(onSale, "newest"));
    for (const sort of sorts)
      expect(await list(`/v1/products/get/all?per_page=100&sort=${sort}`), sort).toEqual(inOrder(onSale, sort));
    // By hand, the ends of each order: the cheapest are the two 50 ₽ listings, the dearest 1000 ₽, the best rated
    // the 4.5 seller's listing that went on sale last, the worst the 0 seller's that went on sale first.
    const first = async (sort: ProductSort) => (await list(`/v1/products/get/all?per_page=100&sort=${sort}`))[0];
    const last = async (sort: ProductSort) => (await list(`/v1/products/get/all?per_page=100&sort=${sort}`)).at(-1);
    expect([await first("newest"), await last("newest")]).toEqual([onSale[12]!.id, onSale[13]!.id]);
    expect(await first("price_desc")).toBe(onSale[6]!.id);
    expect([await first("rating"), await last("rating")]).toEqual([onSale[12]!.id, onSale[13]!.id]);
    expect((await list("/v1/products/get/all?per_page=100&sort=price_asc")).slice(0, 2).sort()).toEqual(
      [onSale[5]!.id, onSale[10]!.id].sort(),
    );
  });

  it("lists a game with its subcategories, a subcategory alone, in each sort, by id and by slugs", async () => {
    for (const sort of sorts) {
      expect(await list(`/v1/products/category/${game.id}?per_page=100&sort=${sort}`), sort).toEqual(
        inOrder(inGame(), sort),
      );
      const inKeys = onSale.filter((row) => row.categoryId === keys.id);
      expect(await list(`/v1/products/category/${keys.id}?per_page=100&sort=${sort}`), sort).toEqual(
        inOrder(inKeys, sort),
      );
      expect(await list(`/v1/products/sort-game/keys?per_page=100&sort=${sort}`), sort).toEqual(inOrder(inKeys, sort));
    }
    // Listings filed under the game itself are in its listing, not in any subcategory's.
    expect(await list(`/v1/products/category/${game.id}?per_page=100`)).toContain(onSale[0]!.id);
    expect(await list(`/v1/products/category/${otherGame.id}?per_page=100`)).toEqual(
      inOrder([onSale[12]!, onSale[13]!], "newest"),
    );
  });

  it("keeps prices within both ends of the range, each end included", async () => {
    const priced = (min: number | undefined, max: number | undefined) =>
      onSale.filter(
        (row) =>
          (min === undefined || row.priceKopecks >= roublesToKopecks(min)) &&
          (max === undefined || row.priceKopecks <= roublesToKopecks(max)),
      );
    for (const [min, max] of [
      [100, undefined],
      [undefined, 100],
      [100, 100],
      [101, 249],
      [50, 1000],
      [1001, undefined],
    ] as const) {
      const query = [min === undefined ? "" : `&min_price=${min}`, max === undefined ? "" : `&max_price=${max}`].join(
        "",
      );
      expect(await list(`/v1/products/get/all?per_page=100&sort=price_asc${query}`), query).toEqual(
        inOrder(priced(min, max), "price_asc"),
      );
    }
    expect(await list("/v1/products/get/all?per_page=100&min_price=100&max_price=100")).toHaveLength(5);
    expect(await list("/v1/products/get/all?min_price=1001")).toEqual([]);
    const home = (await t.app.inject({ method: "GET", url: "/v1/products/get/all?min_price=250&per_page=2" })).json();
    expect([home.total, home.total_pages]).toEqual([priced(250, undefined).length, 4]);
  });

  it("refuses a price range whose low end is above its high end, naming min_price, on every listing", async () => {
    for (const url of [
      "/v1/products/get/all?min_price=200&max_price=100",
      `/v1/products/category/${game.id}?min_price=200&max_price=100`,
      "/v1/products/sort-game/keys?min_price=200&max_price=100",
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().detail).toMatchObject({
        error_code: "VALIDATION_ERROR",
        errors: [{ field: "min_price", message: expect.any(String) }],
      });
    }
    for (const query of [
      "min_price=-1",
      "max_price=1.5",
      "min_rating=5.1",
      "delivery=mail",
      "sort=cheapest",
      "after=x",
    ])
      expect((await t.app.inject({ method: "GET", url: `/v1/products/get/all?${query}` })).statusCode, query).toBe(422);
  });

  it("keeps sellers rated at least min_rating, the bound included, and listings delivered automatically", async () => {
    const rated = (min: number) => onSale.filter((row) => row.sellerRating >= min);
    expect(await list("/v1/products/get/all?per_page=100&min_rating=4.5")).toEqual(inOrder(rated(4.5), "newest"));
    expect(await list("/v1/products/get/all?per_page=100&min_rating=4.51")).toEqual([]);
    expect(await list("/v1/products/get/all?per_page=100&min_rating=3")).toEqual(inOrder(rated(3), "newest"));
    expect(await list("/v1/products/get/all?per_page=100&min_rating=0")).toEqual(inOrder(onSale, "newest"));
    const auto = onSale.filter((row) => row.delivery === "auto");
    expect(auto.length).toBeLessThan(onSale.length);
    expect(await list("/v1/products/get/all?per_page=100&delivery=auto")).toEqual(inOrder(auto, "newest"));
    expect(await list("/v1/products/get/all?per_page=100&delivery=manual")).toEqual(
      inOrder(
        onSale.filter((row) => row.delivery === "manual"),
        "newest",
      ),
    );
  });

  it("combines every filter with any sort and scope", async () => {
    const kept = inGame().filter(
      (row) =>
        row.priceKopecks >= 100_00 && row.priceKopecks <= 500_00 && row.delivery === "auto" && row.sellerRating >= 3,
    );
    expect(kept.length).toBeGreaterThan(2);
    for (const sort of sorts)
      expect(
        await list(
          `/v1/products/category/${game.id}?per_page=100&sort=${sort}&min_price=100&max_price=500&delivery=auto&min_rating=3`,
        ),
        sort,
      ).toEqual(inOrder(kept, sort));
  });

  it("pages by key with `after` in every sort, filtered or not, with no product twice or left out", async () => {
    for (const sort of sorts) {
      for (const [filters, expected] of [
        ["", onSale],
        ["&delivery=auto&min_price=100", onSale.filter((row) => row.delivery === "auto" && row.priceKopecks >= 100_00)],
      ] as const) {
        const walked: string[] = [];
        let after: string | undefined;
        for (let page = 1; page <= 10; page++) {
          const got = await list(
            `/v1/products/get/all?per_page=3&sort=${sort}${filters}${after === undefined ? "" : `&after=${after}`}`,
          );
          if (got.length === 0) break;
          walked.push(...got);
          after = got.at(-1);
        }
        expect(walked, `${sort}${filters}`).toEqual(inOrder(expected, sort));
      }
      // The same through a game's listing and a subcategory's by slugs.
      const gamePages = [await list(`/v1/products/category/${game.id}?per_page=5&sort=${sort}`)];
      gamePages.push(
        await list(`/v1/products/category/${game.id}?per_page=5&sort=${sort}&after=${gamePages[0]!.at(-1)}`),
      );
      gamePages.push(
        await list(`/v1/products/category/${game.id}?per_page=5&sort=${sort}&after=${gamePages[1]!.at(-1)}`),
      );
      expect(gamePages.flat(), sort).toEqual(inOrder(inGame(), sort));
    }
  });

  it("starts the page after a product that was sold since where that product was", async () => {
    const order = inOrder(onSale, "price_asc");
    const sold = order[4]!;
    await t.database.db.update(products).set({ status: "purchased" }).where(eq(products.id, sold));
    try {
      expect(await list(`/v1/products/get/all?per_page=3&sort=price_asc&after=${sold}`)).toEqual(order.slice(5, 8));
      expect(await list(`/v1/products/get/all?sort=price_asc&after=${crypto.randomUUID()}`)).toEqual([]);
    } finally {
      await t.database.db.update(products).set({ status: "active" }).where(eq(products.id, sold));
    }
  });

  it("caches each filter and sort apart, and continues a cached page only in its own listing", async () => {
    expect(await list("/v1/products/get/all?per_page=100&min_price=500")).toEqual(
      inOrder(
        onSale.filter((row) => row.priceKopecks >= 500_00),
        "newest",
      ),
    );
    expect(await list("/v1/products/get/all?per_page=100&min_price=50")).toEqual(inOrder(onSale, "newest"));
    expect(await list("/v1/products/get/all?per_page=100&online=true")).toEqual([]);
    expect(await list("/v1/products/get/all?per_page=100&online=false")).toEqual(inOrder(onSale, "newest"));
    // Page 1 of the cheapest first is cached; page 2 of the newest first does not go on from its last product.
    for (const sort of ["price_asc", "rating"] as const) {
      expect(await list(`/v1/products/get/all?per_page=4&sort=${sort}`)).toEqual(inOrder(onSale, sort).slice(0, 4));
      expect(await list("/v1/products/get/all?per_page=4&page=2")).toEqual(inOrder(onSale, "newest").slice(4, 8));
      expect(await list(`/v1/products/get/all?per_page=4&page=2&sort=${sort}`)).toEqual(
        inOrder(onSale, sort).slice(4, 8),
      );
      expect(await list(`/v1/products/get/all?per_page=4&page=2&sort=${sort}&delivery=auto`)).toEqual(
        inOrder(
          onSale.filter((row) => row.delivery === "auto"),
          sort,
        ).slice(4, 8),
      );
    }
  });
});
