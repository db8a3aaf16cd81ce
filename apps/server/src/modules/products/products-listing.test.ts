import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, type Category, type Product } from "../../db/schema/catalog.js";
import type { User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, createTestSubcategory } from "../../test/test-catalog.js";
import type { TestClient } from "../../test/test-client.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

let t: TestApp;
let seller: User;
let admin: User;
let asSeller: TestClient;
let asAdmin: TestClient;
let asOther: TestClient;
let game: Category;
let keys: Category;
let accounts: Category;
let otherGame: Category;

const hour = 3_600_000;
const at = (hoursAgo: number) => new Date(Date.UTC(2030, 0, 1) - hoursAgo * hour);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  seller = await createTestUser(db, { username: "list_seller", avatarUrl: "/media/seed/avatars/s.png", rating: 4 });
  admin = await createTestUser(db, { username: "list_admin", role: "admin" });
  asSeller = await signInAs(t.app, seller);
  asAdmin = await signInAs(t.app, admin);
  asOther = await signInAs(t.app, await createTestUser(db, { username: "list_other" }));
  game = await createTestGame(db, "Dota 2");
  keys = await createTestSubcategory(db, game, "Ключи");
  accounts = await createTestSubcategory(db, game, "Accounts");
  otherGame = await createTestGame(db, "Other Game");
});
afterAll(() => t.close());

const get = (url: string, client?: TestClient) => (client ? client.get(url) : t.app.inject({ method: "GET", url }));
const ids = (list: Array<{ id: string }>) => list.map((product) => product.id);

describe("GET /v1/products/{id}", () => {
  let product: Product;
  beforeAll(async () => {
    product = await createTestProduct(t, {
      sellerId: seller.id,
      categoryId: keys.id,
      title: "Steam key for Dota",
      priceKopecks: 1500_00,
      productData: "KEY-1234-5678",
      imageCount: 2,
    });
  });

  it("shows an active product to a guest, in roubles, without the goods", async () => {
    const response = await get(`/v1/products/${product.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: product.id,
      title: "Steam key for Dota",
      price: 1500,
      status: "active",
      is_sold: false,
      is_owner: false,
      product_data: null,
      product_data_string: null,
      seller: { username: "list_seller", avatar_url: "/media/seed/avatars/s.png", rating: 4 },
      category: { id: keys.id, name: "Ключи", slug: "klyuchi", parent_id: game.id },
    });
    expect(body.images).toHaveLength(2);
    expect(body.images[0]).toEqual({
      id: expect.any(String),
      image_url: expect.stringMatching(/0\.png$/),
      thumbnail_url: expect.any(String),
    });
    expect(response.body).not.toContain("KEY-1234-5678");
    expect(response.body).not.toContain("list_seller@example.com");
  });

  it("gives the goods to the seller and to admins only", async () => {
    const own = (await get(`/v1/products/${product.id}`, asSeller)).json();
    expect([own.is_owner, own.product_data, own.product_data_string]).toEqual([true, "KEY-1234-5678", "KEY-1234-5678"]);
    const asAdminView = (await get(`/v1/products/${product.id}`, asAdmin)).json();
    expect([asAdminView.is_owner, asAdminView.product_data]).toEqual([false, "KEY-1234-5678"]);
    const other = (await get(`/v1/products/${product.id}`, asOther)).json();
    expect([other.product_data, other.product_data_string]).toEqual([null, null]);
  });

  it("hides products in moderation or rejected from everyone but the seller and admins", async () => {
    for (const status of ["moderation", "rejected"] as const) {
      const hidden = await createTestProduct(t, { sellerId: seller.id, categoryId: keys.id, status });
      for (const client of [undefined, asOther]) {
        const response = await get(`/v1/products/${hidden.id}`, client);
        expect([response.statusCode, response.json().detail.error_code], status).toEqual([404, "PRODUCT_NOT_FOUND"]);
      }
      expect((await get(`/v1/products/${hidden.id}`, asSeller)).json().status).toBe(status);
      expect((await get(`/v1/products/${hidden.id}`, asAdmin)).json().status).toBe(status);
    }
  });

  it("shows a sold product to anyone, marked sold", async () => {
    const sold = await createTestProduct(t, { sellerId: seller.id, categoryId: keys.id, status: "completed" });
    expect((await get(`/v1/products/${sold.id}`)).json()).toMatchObject({ status: "completed", is_sold: true });
  });

  it("answers 404 for an unknown or deleted product and 422 for an id that is not a uuid", async () => {
    const deleted = await createTestProduct(t, { sellerId: seller.id, categoryId: keys.id, deletedAt: new Date() });
    for (const id of [crypto.randomUUID(), deleted.id]) {
      expect((await get(`/v1/products/${id}`, asSeller)).json().detail.error_code).toBe("PRODUCT_NOT_FOUND");
    }
    expect((await get("/v1/products/nope")).statusCode).toBe(422);
  });
});

describe("product listings", () => {
  // A separate app, so the listings contain exactly the products made here.
  let l: TestApp;
  let made: Product[];
  let lGame: Category;
  let lKeys: Category;
  let lAccounts: Category;
  let lSeller: User;
  beforeAll(async () => {
    l = await createTestApp();
    const db = l.database.db;
    lSeller = await createTestUser(db, { username: "paging_seller" });
    lGame = await createTestGame(db, "World of Tanks");
    lKeys = await createTestSubcategory(db, lGame, "Gold");
    lAccounts = await createTestSubcategory(db, lGame, "Аккаунты");
    const elsewhere = await createTestGame(db, "Elsewhere");
    made = [];
    // 35 active products, one an hour; the newest is made[0].
    for (let i = 0; i < 35; i++) {
      const categoryId = [lGame.id, lKeys.id, lAccounts.id, elsewhere.id][i % 4]!;
      made.push(
        await createTestProduct(l, {
          sellerId: lSeller.id,
          categoryId,
          createdAt: at(i),
          title: i === 12 ? "Rare golden tank skin" : `Listing number ${i}`,
        }),
      );
    }
    for (const status of ["moderation", "rejected", "purchased"] as const) {
      await createTestProduct(l, { sellerId: lSeller.id, categoryId: lKeys.id, status, createdAt: at(0.5) });
    }
    await createTestProduct(l, {
      sellerId: lSeller.id,
      categoryId: lKeys.id,
      createdAt: at(0.2),
      deletedAt: new Date(),
    });
  });
  afterAll(() => l.close());
  const lget = (url: string) => l.app.inject({ method: "GET", url });

  it("GET /products/get/all pages active products newest first, 30 by default", async () => {
    const first = (await lget("/v1/products/get/all")).json();
    expect([first.page, first.total, first.total_pages]).toEqual([1, 35, 2]);
    expect(ids(first.products)).toEqual(ids(made.slice(0, 30)));
    const second = (await lget("/v1/products/get/all?page=2")).json();
    expect(ids(second.products)).toEqual(ids(made.slice(30)));
    const small = (await lget("/v1/products/get/all?page=3&per_page=10")).json();
    expect([small.total_pages, ids(small.products)]).toEqual([4, ids(made.slice(20, 30))]);
    expect((await lget("/v1/products/get/all?page=9")).json()).toEqual({
      products: [],
      page: 9,
      total: 35,
      total_pages: 2,
    });
    expect(first.products.every((product: { product_data_string: null }) => product.product_data_string === null)).toBe(
      true,
    );
  });

  it("refuses per_page above 100 and pages below 1", async () => {
    for (const query of ["per_page=101", "page=0", "per_page=0", "page=x"]) {
      const response = await lget(`/v1/products/get/all?${query}`);
      expect([response.statusCode, response.json().detail.error_code], query).toEqual([422, "VALIDATION_ERROR"]);
    }
  });

  it("GET /products/category/{id} of a game includes its subcategories; of a subcategory only that one", async () => {
    const inGame = made.filter((product) => [lGame.id, lKeys.id, lAccounts.id].includes(product.categoryId));
    expect(ids((await lget(`/v1/products/category/${lGame.id}?per_page=100`)).json())).toEqual(ids(inGame));
    expect(ids((await lget(`/v1/products/category/${lGame.id}`)).json())).toEqual(ids(inGame.slice(0, 27)));
    expect(ids((await lget(`/v1/products/category/${lKeys.id}?per_page=100`)).json())).toEqual(
      ids(made.filter((product) => product.categoryId === lKeys.id)),
    );
    expect(ids((await lget(`/v1/products/category/${lKeys.id}?per_page=3&page=2`)).json())).toEqual(
      ids(made.filter((product) => product.categoryId === lKeys.id).slice(3, 6)),
    );
    const missing = await lget(`/v1/products/category/${crypto.randomUUID()}`);
    expect([missing.statusCode, missing.json().detail.error_code]).toEqual([404, "CATEGORY_NOT_FOUND"]);
  });

  it("GET /products/{gameSlug}/{subcategorySlug} lists one subcategory of one game", async () => {
    const response = await lget("/v1/products/world-of-tanks/akkaunty?per_page=100");
    expect(response.statusCode).toBe(200);
    expect(ids(response.json())).toEqual(ids(made.filter((product) => product.categoryId === lAccounts.id)));
    for (const url of [
      "/v1/products/world-of-tanks/nothing",
      "/v1/products/elsewhere/akkaunty",
      "/v1/products/gold/world-of-tanks",
    ]) {
      const wrong = await lget(url);
      expect([wrong.statusCode, wrong.json().detail.error_code], url).toEqual([404, "CATEGORY_NOT_FOUND"]);
    }
  });

  it("GET /products/search finds active products by title and answers a page", async () => {
    const response = await lget("/v1/products/search?q=golden%20tank");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      total: 1,
      page: 1,
      total_pages: 1,
      products: [{ id: made[12]!.id, product_data_string: null }],
    });
    const inGame = made.filter(
      (product) => product !== made[12] && [lGame.id, lKeys.id, lAccounts.id].includes(product.categoryId),
    );
    const filtered = (await lget(`/v1/products/search?q=listing&category_id=${lGame.id}&per_page=100`)).json();
    expect([filtered.total, ids(filtered.products).sort()]).toEqual([inGame.length, ids(inGame).sort()]);
    const paged = (await lget(`/v1/products/search?q=listing&category_id=${lGame.id}&per_page=5&page=2`)).json();
    // A search counts up to one past the page asked for (products-search.service.ts): page 2 knows that page 3 exists.
    expect([paged.page, paged.total_pages, paged.products.length]).toEqual([
      2,
      Math.min(Math.ceil(inGame.length / 5), 3),
      5,
    ]);
    // Prices are asked in roubles; every product here costs 100.
    expect((await lget("/v1/products/search?q=golden%20tank&min_price=100&max_price=100")).json().total).toBe(1);
    expect((await lget("/v1/products/search?q=golden%20tank&min_price=101")).json().total).toBe(0);
    expect((await lget("/v1/products/search?q=golden%20tank&max_price=99")).json().total).toBe(0);
    expect((await lget("/v1/products/search?q=%20")).statusCode).toBe(422);
    expect(
      (await lget(`/v1/products/search?q=listing&category_id=${crypto.randomUUID()}`)).json().detail.error_code,
    ).toBe("CATEGORY_NOT_FOUND");
  });
});

describe("a seller's products", () => {
  let mine: Record<string, Product>;
  beforeAll(async () => {
    const db = t.database.db;
    const owner = await createTestUser(db, { username: "Shop_Owner" });
    mine = {};
    let hoursAgo = 0;
    for (const status of ["active", "moderation", "rejected", "purchased", "completed"] as const) {
      mine[status] = await createTestProduct(t, {
        sellerId: owner.id,
        categoryId: accounts.id,
        status,
        createdAt: at(hoursAgo++),
      });
    }
    await createTestProduct(t, { sellerId: owner.id, categoryId: accounts.id, deletedAt: new Date() });
    mine["owner"] = { id: owner.id } as Product;
  });
  const statuses = (list: Array<{ status: string }>) => list.map((product) => product.status);

  it("shows everyone the active and sold ones, by id or by username in any case", async () => {
    const ownerId = mine["owner"]!.id;
    for (const url of [`/v1/products/user/${ownerId}`, "/v1/products/user/by-username/shop_owner"]) {
      for (const client of [undefined, asOther]) {
        expect(statuses((await get(url, client)).json()), url).toEqual(["active", "purchased", "completed"]);
      }
    }
  });

  it("shows the seller and admins every status but deleted, with the goods", async () => {
    const owner = await signInAs(t.app, { email: "shop_owner@example.com" });
    for (const client of [owner, asAdmin]) {
      const list = (await get("/v1/products/user/by-username/Shop_Owner", client)).json();
      expect(statuses(list)).toEqual(["active", "moderation", "rejected", "purchased", "completed"]);
      expect(
        list.every(
          (product: { product_data_string: string }) =>
            product.product_data_string === "login: seller / password: hunter2",
        ),
      ).toBe(true);
    }
  });

  it("keeps one shelf of a profile with `shelf`: on_sale the active ones, sold the purchased and completed", async () => {
    const owner = await signInAs(t.app, { email: "shop_owner@example.com" });
    for (const client of [undefined, asOther, owner]) {
      for (const url of [`/v1/products/user/${mine["owner"]!.id}`, "/v1/products/user/by-username/shop_owner"]) {
        expect(statuses((await get(`${url}?shelf=on_sale`, client)).json()), url).toEqual(["active"]);
        expect(statuses((await get(`${url}?shelf=sold`, client)).json()), url).toEqual(["purchased", "completed"]);
      }
    }
    const unknown = await get("/v1/products/user/by-username/shop_owner?shelf=pending");
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail.errors).toEqual([{ field: "shelf", message: expect.any(String) }]);
  });

  it("pages through every product of a seller with more than a page, newest first, none twice or left out", async () => {
    const prolific = await createTestUser(t.database.db, { username: "prolific" });
    const listed: Product[] = [];
    for (let hoursAgo = 0; hoursAgo < 35; hoursAgo++)
      listed.push(
        await createTestProduct(t, {
          sellerId: prolific.id,
          categoryId: accounts.id,
          // Every fifth one sold, so the on-sale shelf pages over a filtered listing.
          status: hoursAgo % 5 === 4 ? "completed" : "active",
          createdAt: at(hoursAgo),
        }),
      );
    const page = async (query: string) =>
      ids((await get(`/v1/products/user/by-username/prolific?${query}`)).json()) as string[];

    const [first, second, past] = [await page("page=1"), await page("page=2"), await page("page=3")];
    expect(first).toHaveLength(30);
    expect([...first, ...second]).toEqual(ids(listed));
    expect(past).toEqual([]);
    const onSale = ids(listed.filter((product) => product.status === "active"));
    expect([...(await page("shelf=on_sale&per_page=20")), ...(await page("shelf=on_sale&per_page=20&page=2"))]).toEqual(
      onSale,
    );
  });

  it("answers an empty list for a user with nothing listed, to everyone and to themselves", async () => {
    const newcomer = await createTestUser(t.database.db, { username: "newcomer" });
    const self = await signInAs(t.app, { email: "newcomer@example.com" });
    for (const client of [undefined, self]) {
      for (const url of [`/v1/products/user/${newcomer.id}`, "/v1/products/user/by-username/newcomer?page=2"]) {
        const response = await get(url, client);
        expect([response.statusCode, response.json()], url).toEqual([200, []]);
      }
    }
  });

  it("answers 404 USER_NOT_FOUND for an unknown user", async () => {
    for (const url of [`/v1/products/user/${crypto.randomUUID()}`, "/v1/products/user/by-username/nobody_here"]) {
      const response = await get(url);
      expect([response.statusCode, response.json().detail.error_code], url).toEqual([404, "USER_NOT_FOUND"]);
    }
  });
});

describe("listings never show what is not on sale", () => {
  it("leaves products in moderation, rejected, sold and deleted out of the home and category listings", async () => {
    const hidden = await Promise.all(
      (["moderation", "rejected", "purchased"] as const).map((status) =>
        createTestProduct(t, { sellerId: seller.id, categoryId: otherGame.id, status }),
      ),
    );
    const deleted = await createTestProduct(t, { sellerId: seller.id, categoryId: otherGame.id });
    await t.database.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, deleted.id));
    const visible = await createTestProduct(t, { sellerId: seller.id, categoryId: otherGame.id });
    expect(ids((await get(`/v1/products/category/${otherGame.id}`)).json())).toEqual([visible.id]);
    const all = ids((await get("/v1/products/get/all?per_page=100")).json().products);
    expect(all).toContain(visible.id);
    for (const product of [...hidden, deleted]) expect(all).not.toContain(product.id);
  });
});
