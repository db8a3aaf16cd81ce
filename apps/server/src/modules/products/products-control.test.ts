import type { Product, ProductDetail, ProductPage } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { productUnits, type Category } from "../../db/schema/catalog.js";
import type { User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import {
  createTestGame,
  createTestProduct,
  createTestSubcategory,
  sendForm,
  textParts,
  type TestProductValues,
} from "../../test/test-catalog.js";
import type { TestClient } from "../../test/test-client.js";
import { buyAs, failure } from "../../test/test-money.js";
import { createTestUser, signInAs } from "../../test/test-users.js";
import { catalogueChanged } from "./products.events.js";

/*
 * Issue 19, sellers in control: pause, resume and relist. A paused listing is gone from every public listing and
 * search at once (their cache is emptied), kept with its stock, and back when resumed.
 */

let t: TestApp;
let seller: User;
let asSeller: TestClient;
let asOther: TestClient;
let asAdmin: TestClient;
let game: Category;
let subcategory: Category;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  seller = await createTestUser(db, { username: "ctl_seller" });
  asSeller = await signInAs(t.app, seller);
  asOther = await signInAs(t.app, await createTestUser(db, { username: "ctl_other" }));
  asAdmin = await signInAs(t.app, await createTestUser(db, { username: "ctl_admin", role: "admin" }));
  game = await createTestGame(db, "Controlled Game");
  subcategory = await createTestSubcategory(db, game, "Keys");
});
afterAll(() => t.close());

/** `count` distinct units of stock. */
const units = (count: number) => Array.from({ length: count }, (_, index) => `LANTERN-KEY-${index + 1}`);

/** A listing of the seller with stock to sell, announced as the service that wrote it would. */
async function listing(values: Partial<TestProductValues> = {}) {
  const product = await createTestProduct(t, {
    sellerId: seller.id,
    categoryId: subcategory.id,
    stockItems: units(3),
    title: "Paused lantern key",
    ...values,
  });
  catalogueChanged(t.database.db);
  return product;
}

const guestGet = (url: string) => t.app.inject({ method: "GET", url });
const idsOf = (products: Array<Pick<Product, "id">>) => products.map((product) => product.id);
/** Every public place a listing on sale appears, as a guest reads them (from the cache once read). */
async function publicPlaces(): Promise<Record<string, string[]>> {
  const page = async (url: string) => idsOf(((await guestGet(url)).json() as ProductPage).products);
  const list = async (url: string) => idsOf((await guestGet(url)).json() as Product[]);
  return {
    home: await page("/v1/products/get/all?per_page=100"),
    search: await page("/v1/products/search?q=lantern&per_page=100"),
    game: await list(`/v1/products/category/${game.id}?per_page=100`),
    subcategory: await list(`/v1/products/${game.slug}/${subcategory.slug}?per_page=100`),
    profile: await list(`/v1/products/user/${seller.id}?per_page=100`),
  };
}
const everywhere = (id: string) => ({
  home: expect.arrayContaining([id]),
  search: expect.arrayContaining([id]),
  game: expect.arrayContaining([id]),
  subcategory: expect.arrayContaining([id]),
  profile: expect.arrayContaining([id]),
});
const nowhere = (id: string) => ({
  home: expect.not.arrayContaining([id]),
  search: expect.not.arrayContaining([id]),
  game: expect.not.arrayContaining([id]),
  subcategory: expect.not.arrayContaining([id]),
  profile: expect.not.arrayContaining([id]),
});

const control = (client: TestClient, id: string, action: "pause" | "resume" | "relist", body?: object) =>
  client.post(`/v1/products/${id}/${action}`, body ?? (action === "relist" ? {} : undefined));
const detailOf = async (client: TestClient, id: string) =>
  (await client.get(`/v1/products/${id}`)).json() as ProductDetail;

describe("pause and resume", () => {
  it("pausing hides the listing from listings, search and its page at once; resuming brings it back", async () => {
    const product = await listing();
    // Read first, so every answer is in the cache with the listing in it.
    expect(await publicPlaces()).toEqual(everywhere(product.id));

    const paused = await control(asSeller, product.id, "pause");
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ id: product.id, status: "paused", in_stock: 3, is_owner: true });
    expect(await publicPlaces()).toEqual(nowhere(product.id));
    expect(failure(await guestGet(`/v1/products/${product.id}`))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect(failure(await asOther.get(`/v1/products/${product.id}`))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    // Its seller and admins still see it, with its stock.
    expect(await detailOf(asSeller, product.id)).toMatchObject({ status: "paused", in_stock: 3 });
    expect(await detailOf(asAdmin, product.id)).toMatchObject({ status: "paused", in_stock: 3 });
    expect(idsOf((await asSeller.get(`/v1/products/user/${seller.id}?per_page=100`)).json())).toContain(product.id);

    const resumed = await control(asSeller, product.id, "resume");
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: "active", in_stock: 3 });
    expect(await publicPlaces()).toEqual(everywhere(product.id));
  });

  it("a paused listing cannot be bought or messaged about, and nothing is charged", async () => {
    const product = await listing();
    const buyer = await createTestUser(t.database.db, { username: "ctl_buyer", balanceKopecks: 1000_00 });
    const asBuyer = await signInAs(t.app, buyer);
    await control(asSeller, product.id, "pause");

    // To anyone but its seller and admins a paused listing does not exist.
    expect(failure(await asBuyer.post("/v1/products/buy", { product_id: product.id }))).toEqual([
      404,
      "PRODUCT_NOT_FOUND",
    ]);
    expect((await asBuyer.post("/v1/auth/")).json().balance).toBe(1000);
    expect(failure(await asBuyer.post("/v1/chats/", { product_id: product.id }))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect(await detailOf(asSeller, product.id)).toMatchObject({ status: "paused", in_stock: 3 });
  });

  it("a pause racing buyers: each buy pays for units it got or charges nothing, and the stock adds up", async () => {
    const product = await listing({ stockItems: units(6), priceKopecks: 50_00 });
    const buyers = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        const user = await createTestUser(t.database.db, { username: `ctl_race_${index}`, balanceKopecks: 50_00 });
        return signInAs(t.app, user);
      }),
    );
    const [paused, ...bought] = await Promise.all([
      control(asSeller, product.id, "pause"),
      ...buyers.map((buyer) => buyAs(t, buyer, product.id)),
    ]);

    const sold = bought.filter((answer) => answer.statusCode === 200).length;
    // Refused after the pause (the listing is gone for buyers) or once sold out; never anything else.
    for (const answer of bought.filter((answer) => answer.statusCode !== 200))
      expect([
        [404, "PRODUCT_NOT_FOUND"],
        [409, "OUT_OF_STOCK"],
        [409, "PRODUCT_NOT_AVAILABLE"],
      ]).toContainEqual(failure(answer));
    const balances = await Promise.all(buyers.map(async (buyer) => (await buyer.post("/v1/auth/")).json().balance));
    expect(balances.filter((balance) => balance === 0)).toHaveLength(sold);
    expect(balances.filter((balance) => balance === 50)).toHaveLength(buyers.length - sold);
    const unitStates = await t.database.db
      .select({ state: productUnits.state, dealId: productUnits.dealId })
      .from(productUnits)
      .where(eq(productUnits.productId, product.id));
    const soldUnits = unitStates.filter((unit) => unit.state === "sold");
    expect([soldUnits.length, new Set(soldUnits.map((unit) => unit.dealId)).size]).toEqual([sold, sold]);
    // The pause either came first enough to leave stock, or found the listing sold out.
    const after = await detailOf(asSeller, product.id);
    if (paused.statusCode === 200) expect([after.status, after.in_stock]).toEqual(["paused", 6 - sold]);
    else expect([failure(paused), after.status, sold]).toEqual([[409, "INVALID_PRODUCT_STATUS"], "purchased", 6]);
  });

  it("resuming a listing with nothing in stock is refused with OUT_OF_STOCK", async () => {
    const product = await listing({ status: "paused", stockItems: units(0) });
    expect(failure(await control(asSeller, product.id, "resume"))).toEqual([409, "OUT_OF_STOCK"]);
    expect((await detailOf(asSeller, product.id)).status).toBe("paused");
  });

  it("pauses only a listing on sale and resumes only a paused one (409 INVALID_PRODUCT_STATUS)", async () => {
    for (const status of ["moderation", "rejected", "paused", "purchased", "completed", "withdrawn"] as const) {
      const product = await listing({ status });
      expect([status, ...failure(await control(asSeller, product.id, "pause"))]).toEqual([
        status,
        409,
        "INVALID_PRODUCT_STATUS",
      ]);
    }
    for (const status of ["moderation", "active", "rejected", "completed", "suspended"] as const) {
      const product = await listing({ status });
      expect([status, ...failure(await control(asSeller, product.id, "resume"))]).toEqual([
        status,
        409,
        "INVALID_PRODUCT_STATUS",
      ]);
    }
  });

  it("is the seller's alone: another user and admins get 403, a guest 401, an unseen or deleted listing 404", async () => {
    const product = await listing();
    for (const action of ["pause", "resume", "relist"] as const) {
      expect(failure(await control(asOther, product.id, action))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
      expect(failure(await control(asAdmin, product.id, action))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
      const guest = await t.app.inject({ method: "POST", url: `/v1/products/${product.id}/${action}`, payload: {} });
      expect(failure(guest)).toEqual([401, "TOKEN_NOT_FOUND"]);
    }
    const unseen = await listing({ status: "moderation" });
    const deleted = await listing({ deletedAt: new Date() });
    for (const id of [unseen.id, crypto.randomUUID()])
      expect(failure(await control(asOther, id, "pause"))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect(failure(await control(asSeller, deleted.id, "pause"))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect((await detailOf(asSeller, product.id)).status).toBe("active");
  });

  it("a ban and the unban leave a paused listing paused", async () => {
    const owner = await createTestUser(t.database.db, { username: "ctl_banned" });
    const asOwner = await signInAs(t.app, owner);
    const product = await createTestProduct(t, {
      sellerId: owner.id,
      categoryId: subcategory.id,
      stockItems: units(2),
    });
    await control(asOwner, product.id, "pause");

    expect((await asAdmin.post("/v1/admin/ban-user", { id: owner.id })).statusCode).toBe(200);
    expect((await detailOf(asAdmin, product.id)).status).toBe("paused");
    expect((await asAdmin.post("/v1/admin/unban-user", { user_id: owner.id })).statusCode).toBe(200);
    expect(await detailOf(asAdmin, product.id)).toMatchObject({ status: "paused", in_stock: 2 });
    expect((await publicPlaces()).home).not.toContain(product.id);
  });

  it("a paused listing is editable: a new price keeps it paused, new content sends it to moderation", async () => {
    const product = await listing({ status: "paused" });
    const edit = (fields: Record<string, string | number>) =>
      sendForm(t, asSeller, "PATCH", "/v1/products/", textParts({ product_id: product.id, ...fields }));
    expect((await edit({ price: 120 })).json()).toMatchObject({ status: "paused", price: 120 });
    expect((await edit({ title: "Renamed paused key" })).json()).toMatchObject({ status: "moderation" });
  });
});

describe("relist", () => {
  it("puts a sold-out manual listing back on sale with the quantity sent", async () => {
    const product = await listing({ delivery: "manual", status: "completed", quantity: 0 });
    expect((await publicPlaces()).home).not.toContain(product.id);

    const relisted = await control(asSeller, product.id, "relist", { quantity: 7 });
    expect(relisted.statusCode, relisted.body).toBe(200);
    expect(relisted.json()).toMatchObject({ status: "active", in_stock: 7, delivery: "manual", is_sold: false });
    expect(await publicPlaces()).toEqual(everywhere(product.id));
  });

  it("puts a sold-out or paused automatic listing back with the units it has, and needs some", async () => {
    const refilled = await listing({ status: "purchased", stockItems: units(4) });
    expect((await control(asSeller, refilled.id, "relist")).json()).toMatchObject({ status: "active", in_stock: 4 });
    const paused = await listing({ status: "paused", stockItems: units(1) });
    expect((await control(asSeller, paused.id, "relist")).json()).toMatchObject({ status: "active", in_stock: 1 });

    const empty = await listing({ status: "refunded", stockItems: units(0) });
    expect(failure(await control(asSeller, empty.id, "relist"))).toEqual([409, "OUT_OF_STOCK"]);
    const manualEmpty = await listing({ delivery: "manual", status: "completed", quantity: 0 });
    expect(failure(await control(asSeller, manualEmpty.id, "relist"))).toEqual([409, "OUT_OF_STOCK"]);
    expect((await detailOf(asSeller, empty.id)).status).toBe("refunded");
  });

  it("refuses a quantity for an automatic listing, and a quantity out of range (422)", async () => {
    const auto = await listing({ status: "completed", stockItems: units(2) });
    const refused = await control(asSeller, auto.id, "relist", { quantity: 3 });
    expect(failure(refused)).toEqual([422, "VALIDATION_ERROR"]);
    expect(refused.json().detail.errors).toEqual([{ field: "quantity", message: "A quantity is for manual delivery" }]);
    const manual = await listing({ delivery: "manual", status: "completed", quantity: 0 });
    for (const quantity of [0, 1.5, 1_000_001])
      expect(failure(await control(asSeller, manual.id, "relist", { quantity }))).toEqual([422, "VALIDATION_ERROR"]);
    expect((await detailOf(asSeller, auto.id)).status).toBe("completed");
  });

  it("relists only a sold-out or paused listing (409 INVALID_PRODUCT_STATUS)", async () => {
    for (const status of ["moderation", "active", "rejected", "withdrawn", "suspended"] as const) {
      const product = await listing({ status });
      expect([status, ...failure(await control(asSeller, product.id, "relist"))]).toEqual([
        status,
        409,
        "INVALID_PRODUCT_STATUS",
      ]);
    }
  });
});
