import { PRODUCT_IMAGES_FIELD } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category, Product } from "../../db/schema/catalog.js";
import type { User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, imagePart, sendForm, textParts } from "../../test/test-catalog.js";
import { connectAs, listenOnFreePort, pause } from "../../test/test-chats.js";
import { TestClient } from "../../test/test-client.js";
import { createTestDeal } from "../../test/test-deals.js";
import { testImages } from "../../test/test-images.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

/*
 * What moves a listing in the public listings' sorts and filters (issue 21): its approval (when it went on sale),
 * its seller's rating (a review), its seller coming online. products-listing-sort.test.ts has the
 * sorts and filters themselves.
 */

const hour = 3_600_000;

describe("what moves a listing in the sorts and filters", () => {
  let t: TestApp;
  let url: string;
  let game: Category;
  let admin: TestClient;
  let seller: User;
  let asSeller: TestClient;
  let rivals: Product[];
  // Approvals happen now, in the database's time: everything here is dated from it.
  const ago = (hours: number) => new Date(Date.now() - hours * hour);

  const list = async (query: string): Promise<string[]> =>
    (await t.app.inject({ method: "GET", url: `/v1/products/category/${game.id}?${query}` }))
      .json()
      .map((product: { id: string }) => product.id);

  beforeAll(async () => {
    t = await createTestApp();
    url = await listenOnFreePort(t.app);
    const db = t.database.db;
    admin = await signInAs(t.app, await createTestUser(db, { username: "moves_admin", role: "admin" }));
    seller = await createTestUser(db, { username: "moves_seller", rating: 2 });
    asSeller = await signInAs(t.app, seller);
    const rival = await createTestUser(db, { username: "moves_rival", rating: 4 });
    game = await createTestGame(db, "Moves Game");
    rivals = [];
    for (let index = 0; index < 3; index++)
      rivals.push(
        await createTestProduct(t, {
          sellerId: rival.id,
          categoryId: game.id,
          createdAt: ago(index + 1),
          listedAt: ago(index + 1),
        }),
      );
  });
  afterAll(() => t.close());
  const rivalIds = () => rivals.map((rival) => rival.id);

  it("puts a listing written long ago first among the newest once it is approved, and a resume keeps its place", async () => {
    const waiting = await createTestProduct(t, {
      sellerId: seller.id,
      categoryId: game.id,
      status: "moderation",
      createdAt: new Date(Date.UTC(2020, 0, 1)),
    });
    expect(await list("sort=newest")).toEqual(rivalIds());
    const approved = await admin.post("/v1/admin/products/approve", { product_id: waiting.id });
    expect(approved.statusCode, approved.body).toBe(200);
    const listed = await list("sort=newest");
    expect(listed).toEqual([waiting.id, ...rivalIds()]);

    // Newer listings go on sale after it; pausing and resuming it does not move it back to the top.
    const later = await createTestProduct(t, {
      sellerId: seller.id,
      categoryId: game.id,
      listedAt: new Date(Date.now() + hour),
    });
    expect((await asSeller.post(`/v1/products/${waiting.id}/pause`)).statusCode).toBe(200);
    expect(await list("sort=newest")).toEqual([later.id, ...rivalIds()]);
    expect((await asSeller.post(`/v1/products/${waiting.id}/resume`)).statusCode).toBe(200);
    expect(await list("sort=newest")).toEqual([later.id, waiting.id, ...rivalIds()]);
  });

  it("sorts and filters by the seller's rating as a counted review changes it", async () => {
    const rated = await createTestUser(t.database.db, { username: "moves_rated" });
    const buyer = await createTestUser(t.database.db, { username: "moves_buyer" });
    const own = await createTestProduct(t, { sellerId: rated.id, categoryId: game.id, listedAt: ago(50) });
    expect(await list("min_rating=5")).toEqual([]);
    expect((await list("sort=rating")).at(-1)).toBe(own.id);

    const { deal } = await createTestDeal(t, { sellerId: rated.id, buyerId: buyer.id, priceKopecks: 5000_00 });
    const review = await (
      await signInAs(t.app, buyer)
    ).post("/v1/reviews/", {
      deal_id: deal.id,
      stars: 5,
      text: "Fast and honest",
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(await list("min_rating=5")).toEqual([own.id]);
    expect((await list("sort=rating"))[0]).toBe(own.id);
    // The listing the seller writes next starts with the rating too.
    const created = await sendForm(t, await signInAs(t.app, rated), "POST", "/v1/products/", [
      ...textParts({
        title: "Rated seller's next listing",
        description: "Written after the review",
        price: 700,
        product_data: "login: next / password: listing",
        category_id: game.id,
      }),
      imagePart(PRODUCT_IMAGES_FIELD, await testImages.png()),
    ]);
    expect(created.statusCode, created.body).toBe(200);
    expect((await admin.post("/v1/admin/products/approve", { product_id: created.json().id })).statusCode).toBe(200);
    expect(await list("min_rating=5")).toEqual([created.json().id, own.id]);
  });

  it("keeps only the listings of sellers connected now with online=true", async () => {
    const onlineSeller = await createTestUser(t.database.db, { username: "moves_online" });
    const own = await createTestProduct(t, { sellerId: onlineSeller.id, categoryId: game.id });
    const client = await signInAs(t.app, onlineSeller);
    expect(await list("online=true")).toEqual([]);

    const socket = await connectAs(url, client);
    try {
      expect(await list("online=true&per_page=29")).toEqual([own.id]);
      expect(await list("online=true&per_page=29&min_price=101")).toEqual([]);
    } finally {
      socket.close();
    }
    // The server sees the socket go: the seller's profile says offline, then so does a listing not yet cached.
    const guest = new TestClient(t.app);
    for (let tries = 0; (await guest.get("/v1/users/moves_online")).json().seller_stats.is_online; tries++) {
      expect(tries).toBeLessThan(500);
      await pause(10);
    }
    expect(await list("online=true&per_page=28")).toEqual([]);
  });
});
