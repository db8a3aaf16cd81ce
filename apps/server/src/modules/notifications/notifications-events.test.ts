import type { Report } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import { createTestDeal } from "../../test/test-deals.js";
import { failure } from "../../test/test-money.js";
import { eventsOf, notificationsOf } from "../../test/test-notifications.js";
import { testPeople, type Person } from "../../test/test-people.js";

/*
 * The events of moderation, reviews and reports, each written by the admin's or the buyer's real action through
 * the API, for the one person it is about; an action that is refused tells nobody.
 */

let t: TestApp;
let game: Category;
let admin: Person;
const { person } = testPeople("ne", () => t);

beforeAll(async () => {
  t = await createTestApp();
  game = await createTestGame(t.database.db);
  admin = await person("admin");
});
afterAll(() => t.close());

const listing = (seller: Person, status: "moderation" | "active" = "moderation") =>
  createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, status, title: "Moderated listing title" });

describe("moderation", () => {
  it("tells the seller their listing was approved, with a link to it", async () => {
    const seller = await person();
    const product = await listing(seller);
    const approved = await admin.client.post("/v1/admin/products/approve", { product_id: product.id });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await notificationsOf(seller.client)).toMatchObject([
      {
        event: "product_approved",
        params: { product_id: product.id, product_title: "Moderated listing title" },
        link: `/product/${product.id}`,
        read: false,
      },
    ]);
    expect(await notificationsOf(admin.client)).toEqual([]);
  });

  it("tells the seller why their listing was rejected, or taken down", async () => {
    const seller = await person();
    const rejected = await listing(seller);
    const reject = await admin.client.post("/v1/admin/products/reject", {
      product_id: rejected.id,
      reason: "The title promises more than the goods",
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const live = await listing(seller, "active");
    const takeDown = await admin.client.post("/v1/admin/products/take-down", {
      product_id: live.id,
      reason: "Sold elsewhere twice",
    });
    expect(takeDown.statusCode, takeDown.body).toBe(200);

    expect(await eventsOf(seller.client, "product_rejected")).toMatchObject([
      { params: { product_id: rejected.id, reason: "The title promises more than the goods" } },
    ]);
    expect(await eventsOf(seller.client, "product_taken_down")).toMatchObject([
      { params: { product_id: live.id, product_title: "Moderated listing title", reason: "Sold elsewhere twice" } },
    ]);
  });

  it("tells nobody of a decision that was refused", async () => {
    const seller = await person();
    const product = await listing(seller, "active");
    expect(failure(await admin.client.post("/v1/admin/products/approve", { product_id: product.id }))).toEqual([
      409,
      "INVALID_PRODUCT_STATUS",
    ]);
    expect(await notificationsOf(seller.client)).toEqual([]);
  });
});

describe("reviews", () => {
  it("tell the seller who reviewed which listing, and how many stars; a second review tells nothing", async () => {
    const seller = await person();
    const buyer = await person();
    const { deal, product } = await createTestDeal(t, {
      sellerId: seller.user.id,
      buyerId: buyer.user.id,
      categoryId: game.id,
      title: "Reviewed listing title",
    });
    const review = { deal_id: deal.id, stars: 4, text: "Fast and honest" };
    const first = await buyer.client.post("/v1/reviews/", review);
    expect(first.statusCode, first.body).toBe(200);
    expect(failure(await buyer.client.post("/v1/reviews/", review))).toEqual([409, "REVIEW_ALREADY_EXISTS"]);

    expect(await notificationsOf(seller.client)).toMatchObject([
      {
        event: "review_received",
        params: {
          product_id: product.id,
          product_title: "Reviewed listing title",
          rating: 4,
          author_username: buyer.user.username,
        },
      },
    ]);
    expect(await notificationsOf(buyer.client)).toEqual([]);
  });
});

describe("reports", () => {
  it("tell the reporter what an admin decided, about which listing or user, with the admin's note", async () => {
    const reporter = await person();
    const seller = await person();
    const product = await listing(seller, "active");
    const ofListing = (
      await reporter.client.post("/v1/reports", { target: "product", product_id: product.id, reason: "spam" })
    ).json() as Report;
    const ofUser = (
      await reporter.client.post("/v1/reports", { target: "user", username: seller.user.username, reason: "spam" })
    ).json() as Report;

    const resolved = await admin.client.post(`/v1/admin/reports/${ofListing.id}/resolve`, {
      status: "resolved",
      note: "The listing is gone",
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const dismissed = await admin.client.post(`/v1/admin/reports/${ofUser.id}/resolve`, { status: "dismissed" });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(failure(await admin.client.post(`/v1/admin/reports/${ofUser.id}/resolve`, { status: "resolved" }))).toEqual([
      409,
      "REPORT_ALREADY_DECIDED",
    ]);

    const told = await eventsOf(reporter.client, "report_resolved");
    expect(told).toHaveLength(2);
    expect(told.find((row) => row.params.report_id === ofListing.id)).toMatchObject({
      params: { decision: "resolved", subject: "Moderated listing title", note: "The listing is gone" },
    });
    expect(told.find((row) => row.params.report_id === ofUser.id)).toMatchObject({
      params: { decision: "dismissed", subject: seller.user.username, note: null },
      link: "/settings",
    });
    expect(await notificationsOf(seller.client)).toEqual([]);
  });
});
