import type { ProductPage } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import type { User } from "../../db/schema/users.js";
import { withTwoInstances, twoInstancesPossible } from "../../test/test-two-instances.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import {
  createTestGame,
  createTestProduct,
  sendForm,
  textParts,
  type TestProductValues,
} from "../../test/test-catalog.js";
import type { TestClient } from "../../test/test-client.js";
import { adjustBalanceAs, buyAs } from "../../test/test-money.js";
import { createTestUser, signInAs } from "../../test/test-users.js";
import { catalogueChanged } from "./products.events.js";

/*
 * Public listings and search are answered from a cache (products-listing.cache.ts). What a client sees must not
 * change for it: every committed change shows in the next answer, and no viewer gets another viewer's answer.
 */

let t: TestApp;
let seller: User;
let asSeller: TestClient;
let asAdmin: TestClient;
let game: Category;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  seller = await createTestUser(db, { username: "cache_seller" });
  asSeller = await signInAs(t.app, seller);
  asAdmin = await signInAs(t.app, await createTestUser(db, { username: "cache_admin", role: "admin" }));
  game = await createTestGame(db, "Cached Game");
});
afterAll(() => t.close());

/** A product written straight to the database, announced as the service that would have written it does. */
async function stored(values: TestProductValues) {
  const product = await createTestProduct(t, values);
  catalogueChanged(t.database.db);
  return product;
}

const guestGet = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const listed = async (url: string) =>
  ((await guestGet(url)).json() as ProductPage).products.map((product) => product.id);
const HOME = "/v1/products/get/all?per_page=100";
const categoryIds = async () =>
  ((await guestGet(`/v1/products/category/${game.id}?per_page=100`)).json() as Array<{ id: string }>).map(
    (product) => product.id,
  );
const searched = () => listed("/v1/products/search?q=lantern&per_page=100");

describe("a cached listing shows every change at once", () => {
  it("an approval puts the product in the home listing, its category and search", async () => {
    const product = await stored({
      sellerId: seller.id,
      categoryId: game.id,
      status: "moderation",
      title: "Silver lantern skin",
    });
    // Each answer is now cached without the product.
    expect(await listed(HOME)).not.toContain(product.id);
    expect(await categoryIds()).not.toContain(product.id);
    expect(await searched()).not.toContain(product.id);

    expect((await asAdmin.post("/v1/admin/products/approve", { product_id: product.id })).statusCode).toBe(200);
    expect(await listed(HOME)).toContain(product.id);
    expect(await categoryIds()).toContain(product.id);
    expect(await searched()).toContain(product.id);
  });

  it("a purchase takes the product out, the seller's edit and delete change it", async () => {
    const bought = await stored({ sellerId: seller.id, categoryId: game.id, priceKopecks: 500_00 });
    const edited = await stored({ sellerId: seller.id, categoryId: game.id, priceKopecks: 100_00 });
    const deleted = await stored({ sellerId: seller.id, categoryId: game.id });
    const buyer = await createTestUser(t.database.db, { username: "cache_buyer" });
    await adjustBalanceAs(asAdmin, buyer.id, 500);
    const page = async () => ((await guestGet(HOME)).json() as ProductPage).products;
    expect((await page()).map((product) => product.id)).toEqual(
      expect.arrayContaining([bought.id, edited.id, deleted.id]),
    );

    expect((await buyAs(t, await signInAs(t.app, buyer), bought.id)).statusCode).toBe(200);
    expect(
      (await sendForm(t, asSeller, "PATCH", "/v1/products/", textParts({ product_id: edited.id, price: 250 })))
        .statusCode,
    ).toBe(200);
    expect((await asSeller.request("DELETE", `/v1/products/?product_id=${deleted.id}`)).statusCode).toBe(200);
    const after = await page();
    expect(after.map((product) => product.id)).not.toContain(bought.id);
    expect(after.map((product) => product.id)).not.toContain(deleted.id);
    expect(after.find((product) => product.id === edited.id)?.price).toBe(250);
  });

  it("a ban takes the seller's products out and the unban brings them back", async () => {
    const banned = await createTestUser(t.database.db, { username: "cache_banned" });
    const product = await stored({ sellerId: banned.id, categoryId: game.id });
    expect(await listed(HOME)).toContain(product.id);
    expect((await asAdmin.post("/v1/admin/ban-user", { id: banned.id })).statusCode).toBe(200);
    expect(await listed(HOME)).not.toContain(product.id);
    expect((await asAdmin.post("/v1/admin/unban-user", { user_id: banned.id })).statusCode).toBe(200);
    expect(await listed(HOME)).toContain(product.id);
  });
});

describe("HTTP caching of public reads", () => {
  it("answers with an ETag, and 304 with no body while the listing is unchanged", async () => {
    const first = await guestGet(HOME);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");

    const revalidated = await guestGet(HOME, { "if-none-match": etag });
    expect([revalidated.statusCode, revalidated.body, revalidated.headers.etag]).toEqual([304, "", etag]);
    expect((await guestGet(HOME, { "if-none-match": `"other", W/${etag}` })).statusCode).toBe(304);

    await stored({ sellerId: seller.id, categoryId: game.id, status: "moderation" }).then((product) =>
      asAdmin.post("/v1/admin/products/approve", { product_id: product.id }),
    );
    const changed = await guestGet(HOME, { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("gives the seller and admins their own answer (is_owner, the goods) and guests theirs, whichever came first", async () => {
    const product = await stored({ sellerId: seller.id, categoryId: game.id, productData: "cached goods" });
    const own = (list: ProductPage) => list.products.find((item) => item.id === product.id)!;
    const guest = (await guestGet(HOME)).json() as ProductPage;
    expect([own(guest).is_owner, own(guest).product_data_string]).toEqual([false, null]);

    const asOwner = await asSeller.get(HOME);
    expect([own(asOwner.json()).is_owner, own(asOwner.json()).product_data_string]).toEqual([true, "cached goods"]);
    expect([asOwner.headers["cache-control"], asOwner.headers.etag]).toEqual(["private, no-store", undefined]);
    expect(own((await asAdmin.get(HOME)).json()).product_data_string).toBe("cached goods");

    const other = await signInAs(t.app, await createTestUser(t.database.db, { username: "cache_other" }));
    const asOther = await other.get(HOME);
    expect(asOther.headers["cache-control"]).toBe("private, no-cache");
    expect(asOther.body).toBe((await guestGet(HOME)).body);
    expect(own((await guestGet(HOME)).json()).is_owner).toBe(false);
  });
});

describe("page numbers over a cached page", () => {
  it("continues from the cached page before exactly as by offset, in the home listing and a category", async () => {
    const pagingGame = await createTestGame(t.database.db, "Paged Cache Game");
    const start = Date.parse("2024-03-01T00:00:00Z");
    // Same second for pairs of products: the id decides their order, the boundary must keep it.
    for (let i = 0; i < 9; i++)
      await stored({
        sellerId: seller.id,
        categoryId: pagingGame.id,
        createdAt: new Date(start - Math.floor(i / 2) * 1000),
      });
    const pageOf = async (page: number) =>
      (
        (await guestGet(`/v1/products/category/${pagingGame.id}?per_page=2&page=${page}`)).json() as Array<{
          id: string;
        }>
      ).map((p) => p.id);
    const byOffset = [await pageOf(3), await pageOf(5)];
    const whole = await pageOf(1).then(async (first) => [
      ...first,
      ...(await pageOf(2)),
      ...(await pageOf(3)),
      ...(await pageOf(4)),
      ...(await pageOf(5)),
    ]);
    expect(whole).toHaveLength(9);
    expect(new Set(whole).size).toBe(9);
    expect([whole.slice(4, 6), whole.slice(8)]).toEqual(byOffset);
  });
});

describe.runIf(twoInstancesPossible)("two instances on one PostgreSQL and Redis", () => {
  it("an approval through instance A shows in instance B's cached listing", () =>
    withTwoInstances(async (a, b) => {
      const db = a.database.db;
      const owner = await createTestUser(db, { username: "two_inst_seller" });
      const admin = await signInAs(a.app, await createTestUser(db, { username: "two_inst_admin", role: "admin" }));
      const product = await createTestProduct(a, {
        sellerId: owner.id,
        categoryId: (await createTestGame(db)).id,
        status: "moderation",
      });
      const onB = async () =>
        ((await b.inject({ method: "GET", url: HOME })).json() as ProductPage).products.map((p) => p.id);
      expect(await onB()).not.toContain(product.id);

      expect((await admin.post("/v1/admin/products/approve", { product_id: product.id })).statusCode).toBe(200);
      // The message crosses Redis asynchronously: B shows the product once it has arrived.
      await expect.poll(onB, { timeout: 5000, interval: 50 }).toContain(product.id);
    }));
});
