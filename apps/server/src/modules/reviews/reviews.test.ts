import { errorText, reviewSchema, type ErrorCode } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "../../db/schema/deals.js";
import { users, type User } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { TestClient } from "../../test/test-client.js";
import { createTestDeal, type TestDealValues } from "../../test/test-deals.js";
import { createTestUser, signInAs, TEST_PASSWORD } from "../../test/test-users.js";

const reviewKeys = Object.keys(reviewSchema.shape).sort();
const missingId = "00000000-0000-4000-8000-000000000000";

let t: TestApp;
let guest: TestClient;
let userCount = 0;

beforeAll(async () => {
  t = await createTestApp();
  guest = new TestClient(t.app);
});
afterAll(() => t.close());

/** A user of this file with a name no other test uses, signed in. */
async function signedInUser(prefix: string): Promise<{ user: User; client: TestClient }> {
  userCount += 1;
  const user = await createTestUser(t.database.db, { username: `${prefix}${userCount}` });
  return { user, client: await signInAs(t.app, user) };
}

const dealOf = async (seller: User, buyer: User, values: Partial<TestDealValues> = {}) =>
  (await createTestDeal(t, { sellerId: seller.id, buyerId: buyer.id, ...values })).deal;

const review = (client: TestClient, dealId: string, stars: number, text = "Fast and honest") =>
  client.post("/v1/reviews/", { deal_id: dealId, stars, text });

const ratingOf = async (user: User) => (await guest.get(`/v1/users/${user.username}`)).json().rating as number;

function expectError(response: LightMyRequestResponse, status: number, code: ErrorCode): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ detail: { error_code: code, error_message: errorText(code, "en") } });
}

async function setBanned(user: User): Promise<void> {
  await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, user.id));
}

describe("POST /v1/reviews/", () => {
  it("stores the buyer's review of a completed deal and answers it with the deal's parties and product", async () => {
    const seller = await signedInUser("seller");
    const buyer = await signedInUser("buyer");
    const { deal, product } = await createTestDeal(t, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      title: "Rare dragon skin",
    });

    const response = await review(buyer.client, deal.id, 5, "  Instant delivery, thanks!\n");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(reviewKeys);
    expect(body).toEqual({
      id: expect.any(String),
      deal_id: deal.id,
      stars: 5,
      text: "Instant delivery, thanks!",
      reply: null,
      replied_at: null,
      created_at: expect.any(String),
      author: { id: buyer.user.id, username: buyer.user.username, avatar_url: "" },
      seller: { id: seller.user.id, username: seller.user.username, avatar_url: "" },
      product: { id: product.id, title: "Rare dragon skin" },
    });
    expect(await ratingOf(seller.user)).toBe(5);
  });

  it("makes the seller's rating the average of the stars received, to two decimals", async () => {
    const seller = await signedInUser("seller");
    const first = await signedInUser("buyer");
    const second = await signedInUser("buyer");

    expect((await review(first.client, (await dealOf(seller.user, first.user)).id, 5)).statusCode).toBe(200);
    expect((await review(second.client, (await dealOf(seller.user, second.user)).id, 4)).statusCode).toBe(200);
    expect(await ratingOf(seller.user)).toBe(4.5);

    expect((await review(first.client, (await dealOf(seller.user, first.user)).id, 4)).statusCode).toBe(200);
    expect(await ratingOf(seller.user)).toBe(4.33);
  });

  it("replaces a rating an admin set by the average once a review arrives", async () => {
    const seller = await signedInUser("seller");
    const buyer = await signedInUser("buyer");
    await t.database.db.update(users).set({ rating: 2 }).where(eq(users.id, seller.user.id));

    await review(buyer.client, (await dealOf(seller.user, buyer.user)).id, 5);
    expect(await ratingOf(seller.user)).toBe(5);
  });

  it("refuses a second review of the same deal and keeps the first and the rating", async () => {
    const seller = await signedInUser("seller");
    const buyer = await signedInUser("buyer");
    const deal = await dealOf(seller.user, buyer.user);
    await review(buyer.client, deal.id, 5);

    expectError(await review(buyer.client, deal.id, 1, "Changed my mind"), 409, "REVIEW_ALREADY_EXISTS");
    expect(
      await t.database.db.select({ stars: reviews.stars }).from(reviews).where(eq(reviews.dealId, deal.id)),
    ).toEqual([{ stars: 5 }]);
    expect(await ratingOf(seller.user)).toBe(5);
  });

  it("lets exactly one of several reviews sent at once through", async () => {
    const seller = await signedInUser("seller");
    const buyer = await signedInUser("buyer");
    const deal = await dealOf(seller.user, buyer.user);

    const answers = await Promise.all([1, 2, 3, 4].map((stars) => review(buyer.client, deal.id, stars)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409))
      expect(refused.json().detail.error_code).toBe("REVIEW_ALREADY_EXISTS");
    const accepted = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(await ratingOf(seller.user)).toBe(accepted.stars);
  });

  it("counts every review when several buyers review one seller at once", async () => {
    const seller = await signedInUser("seller");
    const buyers = await Promise.all([1, 2, 3, 4].map(() => signedInUser("buyer")));
    const deals = await Promise.all(buyers.map((buyer) => dealOf(seller.user, buyer.user)));

    const answers = await Promise.all(
      buyers.map((buyer, index) => review(buyer.client, deals[index]!.id, index < 2 ? 5 : 2)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await ratingOf(seller.user)).toBe(3.5);
  });

  it("answers 404 DEAL_NOT_FOUND for a deal that does not exist", async () => {
    const buyer = await signedInUser("buyer");
    expectError(await review(buyer.client, missingId, 5), 404, "DEAL_NOT_FOUND");
  });

  it("answers 403 INSUFFICIENT_PERMISSIONS to anyone but the deal's buyer, the seller included", async () => {
    const seller = await signedInUser("seller");
    const buyer = await signedInUser("buyer");
    const stranger = await signedInUser("stranger");
    const deal = await dealOf(seller.user, buyer.user);

    expectError(await review(seller.client, deal.id, 5), 403, "INSUFFICIENT_PERMISSIONS");
    expectError(await review(stranger.client, deal.id, 1), 403, "INSUFFICIENT_PERMISSIONS");
    expect(await ratingOf(seller.user)).toBe(0);
  });

  it("answers 409 INVALID_DEAL_STATUS until the deal is completed", async () => {
    const seller = await signedInUser("seller");
    const buyer = await signedInUser("buyer");
    for (const status of ["purchased", "disputed", "refunded"] as const) {
      const deal = await dealOf(seller.user, buyer.user, { status });
      expectError(await review(buyer.client, deal.id, 1), 409, "INVALID_DEAL_STATUS");
    }
    expect(await ratingOf(seller.user)).toBe(0);
  });

  it("answers 401 to a guest and 403 USER_IS_BANNED to a banned buyer", async () => {
    const seller = await signedInUser("seller");
    const buyer = await signedInUser("buyer");
    const deal = await dealOf(seller.user, buyer.user);

    expectError(await review(guest, deal.id, 5), 401, "TOKEN_NOT_FOUND");
    await setBanned(buyer.user);
    expectError(await review(buyer.client, deal.id, 5), 403, "USER_IS_BANNED");
    expect(await t.database.db.select().from(reviews).where(eq(reviews.dealId, deal.id))).toEqual([]);
  });

  it("refuses stars outside 1 to 5, fractions and empty or too long text, naming the field", async () => {
    const seller = await signedInUser("seller");
    const buyer = await signedInUser("buyer");
    const deal = await dealOf(seller.user, buyer.user);
    const cases = [
      { body: { stars: 0, text: "ok" }, field: "stars" },
      { body: { stars: 6, text: "ok" }, field: "stars" },
      { body: { stars: 4.5, text: "ok" }, field: "stars" },
      { body: { stars: 5, text: "   " }, field: "text" },
      { body: { stars: 5, text: "x".repeat(1001) }, field: "text" },
    ];
    for (const { body, field } of cases) {
      const response = await buyer.client.post("/v1/reviews/", { deal_id: deal.id, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().detail.errors.map((error: { field: string }) => error.field)).toEqual([field]);
    }
  });

  it("keeps HTML-looking text as the plain text it is, in the answer and in the list", async () => {
    const seller = await signedInUser("seller");
    const buyer = await signedInUser("buyer");
    const text = `<script>alert("x")</script> <img src=x onerror=alert(1)> & "quotes"`;

    const created = await review(buyer.client, (await dealOf(seller.user, buyer.user)).id, 3, text);
    expect(created.headers["content-type"]).toMatch(/^application\/json/);
    expect(created.json().text).toBe(text);

    const replied = await seller.client.post(`/v1/reviews/${created.json().id}/reply`, { reply: text });
    expect(replied.json().reply).toBe(text);
    const [listed] = (await guest.get(`/v1/users/${seller.user.username}/reviews`)).json();
    expect(listed).toMatchObject({ text, reply: text });
  });
});

describe("POST /v1/reviews/{id}/reply", () => {
  async function reviewedDeal() {
    const seller = await signedInUser("seller");
    const buyer = await signedInUser("buyer");
    const created = (await review(buyer.client, (await dealOf(seller.user, buyer.user)).id, 4)).json();
    return { seller, buyer, reviewId: created.id as string };
  }

  it("stores the seller's reply once and answers the review with it", async () => {
    const { seller, reviewId } = await reviewedDeal();

    const response = await seller.client.post(`/v1/reviews/${reviewId}/reply`, { reply: " Thank you! " });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: reviewId, stars: 4, reply: "Thank you!" });
    expect(Date.parse(body.replied_at)).toBeGreaterThanOrEqual(Date.parse(body.created_at));

    expectError(
      await seller.client.post(`/v1/reviews/${reviewId}/reply`, { reply: "Again" }),
      409,
      "REVIEW_ALREADY_REPLIED",
    );
    expect((await guest.get(`/v1/users/${seller.user.username}/reviews`)).json()[0].reply).toBe("Thank you!");
  });

  it("lets exactly one of two replies sent at once through", async () => {
    const { seller, reviewId } = await reviewedDeal();
    const answers = await Promise.all(
      ["One", "Two"].map((reply) => seller.client.post(`/v1/reviews/${reviewId}/reply`, { reply })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it("answers 403 INSUFFICIENT_PERMISSIONS to anyone but the reviewed seller, the author included", async () => {
    const { buyer, reviewId } = await reviewedDeal();
    const stranger = await signedInUser("stranger");
    expectError(
      await buyer.client.post(`/v1/reviews/${reviewId}/reply`, { reply: "Me too" }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
    expectError(
      await stranger.client.post(`/v1/reviews/${reviewId}/reply`, { reply: "Hi" }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
  });

  it("answers 404 REVIEW_NOT_FOUND for a review that does not exist", async () => {
    const seller = await signedInUser("seller");
    expectError(
      await seller.client.post(`/v1/reviews/${missingId}/reply`, { reply: "Hello" }),
      404,
      "REVIEW_NOT_FOUND",
    );
  });

  it("answers 401 to a guest and 403 USER_IS_BANNED to a banned seller", async () => {
    const { seller, reviewId } = await reviewedDeal();
    expectError(await guest.post(`/v1/reviews/${reviewId}/reply`, { reply: "Hello" }), 401, "TOKEN_NOT_FOUND");
    await setBanned(seller.user);
    expectError(await seller.client.post(`/v1/reviews/${reviewId}/reply`, { reply: "Hello" }), 403, "USER_IS_BANNED");
  });
});

describe("GET /v1/users/{username}/reviews", () => {
  it("lists the reviews a user received as a seller, newest first, to anyone, whatever the letter case", async () => {
    const seller = await signedInUser("Shop_");
    const buyer = await signedInUser("buyer");
    for (const stars of [3, 4, 5])
      await review(buyer.client, (await dealOf(seller.user, buyer.user)).id, stars, `${stars} stars`);
    // What the seller wrote as a buyer elsewhere is not a review of them.
    const other = await signedInUser("seller");
    await review(seller.client, (await dealOf(other.user, seller.user)).id, 1);

    for (const client of [guest, buyer.client, seller.client]) {
      const response = await client.get(`/v1/users/${seller.user.username.toUpperCase()}/reviews`);
      expect(response.statusCode).toBe(200);
      const listed = response.json();
      expect(listed.map((item: { text: string }) => item.text)).toEqual(["5 stars", "4 stars", "3 stars"]);
      expect(Object.keys(listed[0]).sort()).toEqual(reviewKeys);
    }
  });

  it("answers only the newest `limit` reviews when asked (the product page's few), and refuses a limit out of 1–100", async () => {
    const seller = await signedInUser("seller");
    const buyer = await signedInUser("buyer");
    for (const stars of [2, 3, 4, 5])
      await review(buyer.client, (await dealOf(seller.user, buyer.user)).id, stars, `${stars} stars`);
    const newest = (await guest.get(`/v1/users/${seller.user.username}/reviews?limit=3`)).json();
    expect(newest.map((item: { text: string }) => item.text)).toEqual(["5 stars", "4 stars", "3 stars"]);
    expect((await guest.get(`/v1/users/${seller.user.username}/reviews?limit=100`)).json()).toHaveLength(4);
    for (const limit of ["0", "101", "2.5", "few"]) {
      const response = await guest.get(`/v1/users/${seller.user.username}/reviews?limit=${limit}`);
      expect(response.statusCode, limit).toBe(422);
      expect(response.json().detail.errors, limit).toEqual([{ field: "limit", message: expect.any(String) }]);
    }
  });

  it("answers an empty list for a user nobody reviewed and 404 USER_NOT_FOUND for a name nobody has", async () => {
    const quiet = await signedInUser("quiet");
    expect((await guest.get(`/v1/users/${quiet.user.username}/reviews`)).json()).toEqual([]);
    expectError(await guest.get("/v1/users/nobody_here/reviews"), 404, "USER_NOT_FOUND");
  });

  it("leaves GET /v1/users/{username} answering the profile", async () => {
    const seller = await signedInUser("profile");
    const response = await guest.get(`/v1/users/${seller.user.username}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(seller.user.username);
  });
});

describe("which reviews count in the seller's rating", () => {
  /** The seller with one counted 5-star review, so a counted 1-star review would move the rating. */
  async function ratedSeller(): Promise<{ user: User; client: TestClient }> {
    const seller = await signedInUser("seller");
    const fan = await signedInUser("buyer");
    expect((await review(fan.client, (await dealOf(seller.user, fan.user)).id, 5)).statusCode).toBe(200);
    expect(await ratingOf(seller.user)).toBe(5);
    return seller;
  }

  async function adminView(user: User) {
    const admin = await createTestUser(t.database.db, { username: `rv_admin${++userCount}`, role: "admin" });
    return (await (await signInAs(t.app, admin)).get(`/v1/admin/user/${user.id}`)).json();
  }

  /** The user signed in from another browser at the given address. */
  async function signedInFrom(ip: string, prefix: string): Promise<{ user: User; client: TestClient }> {
    const user = await createTestUser(t.database.db, { username: `${prefix}${++userCount}` });
    const client = new TestClient(t.app, { ip });
    expect((await client.post("/v1/auth/login", { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    return { user, client };
  }

  it("keeps and shows the review of a deal under RATING_MIN_DEAL_RUB (1 ₽) without counting it", async () => {
    const seller = await ratedSeller();
    const buyer = await signedInUser("buyer");
    const deal = await dealOf(seller.user, buyer.user, { priceKopecks: 100 });

    const response = await review(buyer.client, deal.id, 1, "Tiny deal");
    expect(response.statusCode, response.body).toBe(200);
    expect(await ratingOf(seller.user)).toBe(5);
    const listed = (await guest.get(`/v1/users/${seller.user.username}/reviews`)).json() as { text: string }[];
    expect(listed.map((shown) => shown.text)).toContain("Tiny deal");
    // A small deal alone is no sign of linked accounts.
    expect(await adminView(seller.user)).toMatchObject({ linked_account_reviews: 0 });
  });

  it("does not count a review from an account that signed in from the seller's address, and flags it to admins", async () => {
    const seller = await ratedSeller();
    const alt = await signedInFrom(seller.client.ip, "alt");

    const response = await review(alt.client, (await dealOf(seller.user, alt.user)).id, 1, "From next door");
    expect(response.statusCode, response.body).toBe(200);
    expect(await ratingOf(seller.user)).toBe(5);
    expect((await guest.get(`/v1/users/${seller.user.username}/reviews`)).json()).toHaveLength(2);
    expect(await adminView(seller.user)).toMatchObject({ rating: 5, linked_account_reviews: 1 });
  });

  it("counts a review from another browser on the server's own machine, which every local client shares", async () => {
    const seller = await signedInFrom("127.0.0.1", "local_seller");
    const buyer = await signedInFrom("127.0.0.1", "local_buyer");

    expect((await review(buyer.client, (await dealOf(seller.user, buyer.user)).id, 4)).statusCode).toBe(200);
    expect(await ratingOf(seller.user)).toBe(4);
    expect(await adminView(seller.user)).toMatchObject({ linked_account_reviews: 0 });
  });

  it("does not count a review from an account that signed in on the seller's browser from elsewhere", async () => {
    const seller = await ratedSeller();
    // The web app asks for the current user on every start, which hands out the device cookie, then signs in.
    const browser = new TestClient(t.app);
    expect((await browser.post("/v1/auth/")).statusCode).toBe(401);
    expect(browser.cookie("device_id")).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const login = await browser.post("/v1/auth/login", { email: seller.user.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    const sameBrowser = browser.copy();
    expect(sameBrowser.ip).not.toBe(browser.ip);
    const alt = await createTestUser(t.database.db, { username: `alt${++userCount}` });
    expect((await sameBrowser.post("/v1/auth/login", { email: alt.email, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );

    expect((await review(sameBrowser, (await dealOf(seller.user, alt)).id, 1)).statusCode).toBe(200);
    expect(await ratingOf(seller.user)).toBe(5);
    expect(await adminView(seller.user)).toMatchObject({ linked_account_reviews: 1 });
  });

  it("counts the review of a deal at the minimum from an unrelated account", async () => {
    const seller = await ratedSeller();
    const buyer = await signedInUser("buyer");
    expect(
      (await review(buyer.client, (await dealOf(seller.user, buyer.user, { priceKopecks: 100_00 })).id, 1)).statusCode,
    ).toBe(200);
    expect(await ratingOf(seller.user)).toBe(3);
    expect(await adminView(seller.user)).toMatchObject({ linked_account_reviews: 0 });
  });
});
