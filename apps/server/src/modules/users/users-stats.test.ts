import { ownProfileSchema, type SellerStats } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Category, Product } from "../../db/schema/catalog.js";
import { users } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import { listenOnFreePort } from "../../test/test-chats.js";
import { TestClient } from "../../test/test-client.js";
import { createTestDeal, type TestDealValues } from "../../test/test-deals.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { statementsDuring } from "../../test/test-statements.js";

let t: TestApp;
let guest: TestClient;
let game: Category;
const { person, connect, closeSockets } = testPeople("trust", () => t);

beforeAll(async () => {
  t = await createTestApp();
  await listenOnFreePort(t.app);
  guest = new TestClient(t.app);
  game = await createTestGame(t.database.db);
});
afterEach(closeSockets);
afterAll(() => t.close());

const statsOnProductPage = async (productId: string, client = guest) =>
  (await client.get(`/v1/products/${productId}`)).json().seller_stats as SellerStats;
const statsOnProfile = async (who: Person, client = guest) =>
  (await client.get(`/v1/users/${who.user.username}`)).json().seller_stats as SellerStats;

const review = (buyer: Person, dealId: string, stars: number) =>
  buyer.client.post("/v1/reviews/", { deal_id: dealId, stars, text: "Quick and as described" });

/**
 * A seller with two deals completed as the seller, one still open, one refunded and one completed as a buyer;
 * one review that counts (4 stars) and one of a deal too small to count (1 star); and a product on sale.
 */
async function establishedSeller(): Promise<{ seller: Person; product: Product }> {
  const seller = await person();
  const [first, second, elsewhere] = [await person(), await person(), await person()];
  const deal = (buyer: Person, values: Partial<TestDealValues>) =>
    createTestDeal(t, { sellerId: seller.user.id, buyerId: buyer.user.id, categoryId: game.id, ...values });
  const counted = await deal(first, {});
  const tooSmall = await deal(second, { priceKopecks: 100 });
  await deal(first, { status: "purchased" });
  await deal(second, { status: "refunded" });
  await createTestDeal(t, { sellerId: elsewhere.user.id, buyerId: seller.user.id, categoryId: game.id });
  expect((await review(first, counted.deal.id, 4)).statusCode).toBe(200);
  expect((await review(second, tooSmall.deal.id, 1)).statusCode).toBe(200);
  const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id });
  return { seller, product };
}

describe("seller stats", () => {
  it("show completed sales, counted reviews, rating and membership on the product page and the profile alike", async () => {
    const { seller, product } = await establishedSeller();
    const expected: SellerStats = {
      completed_deals: 2,
      reviews_count: 1,
      rating: 4,
      is_online: false,
      last_seen: null,
      member_since: seller.user.createdAt.toISOString(),
    };
    expect(await statsOnProductPage(product.id)).toEqual(expected);
    expect(await statsOnProfile(seller)).toEqual(expected);
    // The seller's own full profile carries the same stats.
    const own = (await seller.client.get(`/v1/users/${seller.user.username}`)).json();
    expect(Object.keys(own).sort()).toEqual(Object.keys(ownProfileSchema.shape).sort());
    expect(own.seller_stats).toEqual(expected);
  });

  it("are all zero for a new seller", async () => {
    const newcomer = await person();
    const product = await createTestProduct(t, { sellerId: newcomer.user.id, categoryId: game.id });
    expect(await statsOnProductPage(product.id)).toMatchObject({ completed_deals: 0, reviews_count: 0, rating: 0 });
  });

  it("say the seller is online while a socket of theirs is connected, then when they were last seen", async () => {
    const seller = await person();
    const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id });
    const socket = await connect(seller);
    expect(await statsOnProductPage(product.id)).toMatchObject({ is_online: true, last_seen: null });
    expect(await statsOnProfile(seller)).toMatchObject({ is_online: true, last_seen: null });

    socket.close();
    await expect.poll(async () => (await statsOnProductPage(product.id)).is_online).toBe(false);
    const [stored] = await t.database.db
      .select({ lastSeenAt: users.lastSeenAt })
      .from(users)
      .where(eq(users.id, seller.user.id));
    expect(stored?.lastSeenAt).not.toBeNull();
    expect(await statsOnProductPage(product.id)).toMatchObject({ last_seen: stored!.lastSeenAt!.toISOString() });
    expect(await statsOnProfile(seller)).toMatchObject({
      is_online: false,
      last_seen: stored!.lastSeenAt!.toISOString(),
    });
  });

  it("cost the product page and the profile one statement each, whatever the seller's history", async () => {
    const { seller, product } = await establishedSeller();
    // The periodic sweeps read deals meanwhile; only the stats read reviews.
    const readingReviews = (statements: string[]) => statements.filter((text) => text.includes('"reviews"'));
    for (const read of [
      () => guest.get(`/v1/products/${product.id}`),
      () => guest.get(`/v1/users/${seller.user.username}`),
    ]) {
      const stats = readingReviews(await statementsDuring(t.database.db, read));
      expect(stats).toHaveLength(1);
      expect(stats[0]).toContain('"deals"');
    }
  });
});
