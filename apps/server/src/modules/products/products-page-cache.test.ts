import type { ProductWithSellerStats } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import type { User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, sendForm, textParts } from "../../test/test-catalog.js";
import { connectAs, listenOnFreePort, listeningUrl } from "../../test/test-chats.js";
import type { TestClient } from "../../test/test-client.js";
import { adjustBalanceAs, buyAs, failure } from "../../test/test-money.js";
import { twoInstancesPossible, withTwoInstances } from "../../test/test-two-instances.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

/*
 * GET /products/{id} is answered from a cache (products-page.cache.ts). Nothing a client sees may change for it:
 * every committed change shows in the next answer, and no viewer is given another viewer's answer, whoever asked
 * first.
 */

let t: TestApp;
let seller: User;
let asSeller: TestClient;
let asAdmin: TestClient;
let asOther: TestClient;
let game: Category;

beforeAll(async () => {
  t = await createTestApp();
  await listenOnFreePort(t.app);
  const db = t.database.db;
  seller = await createTestUser(db, { username: "page_seller" });
  asSeller = await signInAs(t.app, seller);
  asAdmin = await signInAs(t.app, await createTestUser(db, { username: "page_admin", role: "admin" }));
  asOther = await signInAs(t.app, await createTestUser(db, { username: "page_other" }));
  game = await createTestGame(db, "Paged Product Game");
});
afterAll(() => t.close());

const pageUrl = (id: string) => `/v1/products/${id}`;
const guestGet = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: pageUrl(id), headers });

describe("a cached product page", () => {
  it("answers guests with an ETag and 304, and shows a purchase and an edit in the next answer", async () => {
    const product = await createTestProduct(t, { sellerId: seller.id, categoryId: game.id, priceKopecks: 300_00 });
    const first = await guestGet(product.id);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await guestGet(product.id, { "if-none-match": etag })).statusCode).toBe(304);

    expect(
      (await sendForm(t, asSeller, "PATCH", "/v1/products/", textParts({ product_id: product.id, price: 250 })))
        .statusCode,
    ).toBe(200);
    const edited = await guestGet(product.id, { "if-none-match": etag });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as ProductWithSellerStats).price).toBe(250);

    const buyer = await createTestUser(t.database.db, { username: "page_buyer" });
    await adjustBalanceAs(asAdmin, buyer.id, 250);
    expect((await buyAs(t, await signInAs(t.app, buyer), product.id)).statusCode).toBe(200);
    const bought = (await guestGet(product.id)).json() as ProductWithSellerStats;
    expect([bought.status, bought.in_stock]).toEqual(["purchased", 0]);
  });

  it("gives the seller and admins their own view and everyone else the guest's, whoever asked first", async () => {
    const product = await createTestProduct(t, { sellerId: seller.id, categoryId: game.id, productData: "page goods" });
    const guest = await guestGet(product.id);
    expect(guest.json()).toMatchObject({ is_owner: false, product_data_string: null });

    const own = await asSeller.get(pageUrl(product.id));
    expect(own.json()).toMatchObject({ is_owner: true, product_data_string: "page goods" });
    expect([own.headers["cache-control"], own.headers.etag]).toEqual(["private, no-store", undefined]);
    expect((await asAdmin.get(pageUrl(product.id))).json()).toMatchObject({ product_data_string: "page goods" });

    const other = await asOther.get(pageUrl(product.id));
    expect(other.headers["cache-control"]).toBe("private, no-cache");
    expect(other.body).toBe(guest.body);
  });

  it("keeps a product in moderation its seller's and admins' while guests are told it does not exist, until approved", async () => {
    const product = await createTestProduct(t, { sellerId: seller.id, categoryId: game.id, status: "moderation" });
    expect(failure(await guestGet(product.id))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect(failure(await asOther.get(pageUrl(product.id)))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect((await asSeller.get(pageUrl(product.id))).json()).toMatchObject({ status: "moderation", is_owner: true });
    expect((await asAdmin.get(pageUrl(product.id))).statusCode).toBe(200);

    expect((await asAdmin.post("/v1/admin/products/approve", { product_id: product.id })).statusCode).toBe(200);
    expect((await guestGet(product.id)).json()).toMatchObject({ id: product.id, status: "active" });
  });

  it("tells whether the seller is online now, not when the page was cached", async () => {
    const product = await createTestProduct(t, { sellerId: seller.id, categoryId: game.id });
    const offline = await guestGet(product.id);
    expect(offline.json()).toMatchObject({ seller_stats: { is_online: false } });

    const socket = await connectAs(listeningUrl(t.app), asSeller);
    try {
      const online = await guestGet(product.id, { "if-none-match": offline.headers.etag as string });
      expect(online.statusCode).toBe(200);
      expect(online.json()).toMatchObject({ id: product.id, seller_stats: { is_online: true, last_seen: null } });
      expect((await asOther.get(pageUrl(product.id))).json()).toEqual(online.json());
    } finally {
      socket.close();
    }
  });

  it("shows a completed deal and a review of its seller in the next answer", async () => {
    const db = t.database.db;
    const trusted = await createTestUser(db, { username: "page_trusted" });
    const [shown, sold] = [
      await createTestProduct(t, { sellerId: trusted.id, categoryId: game.id }),
      await createTestProduct(t, { sellerId: trusted.id, categoryId: game.id, priceKopecks: 200_00 }),
    ];
    const buyer = await signInAs(t.app, await createTestUser(db, { username: "page_reviewer" }));
    await adjustBalanceAs(asAdmin, (await buyer.get("/v1/auth/get-my-user-id")).json().user_id, 200);
    expect((await buyAs(t, buyer, sold.id)).statusCode).toBe(200);
    const statsNow = async () => ((await guestGet(shown.id)).json() as ProductWithSellerStats).seller_stats;
    expect(await statsNow()).toMatchObject({ completed_deals: 0, reviews_count: 0 });

    const receipt = await buyer.request("PATCH", "/v1/products/confirm-receipt", { product_id: sold.id });
    expect(receipt.statusCode).toBe(200);
    expect(await statsNow()).toMatchObject({ completed_deals: 1, reviews_count: 0 });

    const reviewed = await buyer.post("/v1/reviews/", { deal_id: receipt.json().id, stars: 5, text: "Fast" });
    expect(reviewed.statusCode).toBe(200);
    expect(await statsNow()).toMatchObject({ completed_deals: 1, reviews_count: 1, rating: 5 });
  });
});

describe.runIf(twoInstancesPossible)("two instances on one PostgreSQL and Redis", () => {
  it("a completed deal through instance A shows in the seller's stats instance B has cached", () =>
    withTwoInstances(async (a, b) => {
      const db = a.database.db;
      const owner = await createTestUser(db, { username: "two_inst_stats_seller" });
      const shopper = await createTestUser(db, { username: "two_inst_stats_buyer" });
      const category = await createTestGame(db);
      const [shown, sold] = [
        await createTestProduct(a, { sellerId: owner.id, categoryId: category.id }),
        await createTestProduct(a, { sellerId: owner.id, categoryId: category.id }),
      ];
      const admin = await signInAs(
        a.app,
        await createTestUser(db, { username: "two_inst_stats_admin", role: "admin" }),
      );
      await adjustBalanceAs(admin, shopper.id, 100);
      const onA = await signInAs(a.app, shopper);
      expect((await buyAs(a, onA, sold.id)).statusCode).toBe(200);
      const dealsOnB = async () =>
        ((await b.inject({ method: "GET", url: pageUrl(shown.id) })).json() as ProductWithSellerStats).seller_stats
          .completed_deals;
      expect(await dealsOnB()).toBe(0);

      expect((await onA.request("PATCH", "/v1/products/confirm-receipt", { product_id: sold.id })).statusCode).toBe(
        200,
      );
      // The message crosses Redis asynchronously: B counts the deal once it has arrived, well before the TTL.
      await expect.poll(dealsOnB, { timeout: 5000, interval: 50 }).toBe(1);
    }));
});
