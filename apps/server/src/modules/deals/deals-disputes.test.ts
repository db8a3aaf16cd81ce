import type { ChatMessage, Deal, DealPage, PurchaseResult } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog } from "../../db/schema/admin.js";
import type { Category } from "../../db/schema/catalog.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, type TestProductValues } from "../../test/test-catalog.js";
import {
  connectAs,
  joinRoom,
  listenOnFreePort,
  nextEvent,
  pause,
  QUIET_MS,
  recordEvents,
} from "../../test/test-chats.js";
import { adjustBalanceAs, balanceOf, buyAs, failure } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";

let t: TestApp;
let url: string;
let game: Category;
let admin: Person;
const { person, sockets, closeSockets } = testPeople("dispute", () => t);

beforeAll(async () => {
  t = await createTestApp({ commissionPercent: 5 });
  url = await listenOnFreePort(t.app);
  game = await createTestGame(t.database.db);
  admin = await person("admin");
});
afterEach(closeSockets);
afterAll(() => t.close());

/** A 200-rouble purchase the buyer then reports; a listing of one unit unless told. */
async function disputedDeal(listing: Partial<TestProductValues> = {}) {
  const seller = await person();
  const buyer = await person();
  const product = await createTestProduct(t, {
    sellerId: seller.user.id,
    categoryId: game.id,
    priceKopecks: 200_00,
    ...listing,
  });
  await adjustBalanceAs(admin.client, buyer.user.id, 200);
  const purchase = (await buyAs(t, buyer.client, product.id)).json() as PurchaseResult;
  const report = await buyer.client.post(`/v1/deals/${purchase.deal.id}/dispute`, {
    reason: "stopped_working",
    text: "  The account was taken back  ",
  });
  expect(report.statusCode, report.body).toBe(200);
  return { seller, buyer, product, purchase, deal: report.json() as Deal };
}

const resolve = (who: Person, dealId: string, body: object) =>
  who.client.post(`/v1/admin/deals/${dealId}/resolve`, body);
const texts = async (who: Person, chatId: string) =>
  ((await who.client.get(`/v1/chats/${chatId}/messages`)).json() as ChatMessage[]).map((message) => message.text);

describe("opening a dispute", () => {
  it("marks the deal disputed with the buyer's report, keeps the money in escrow and tells the chat", async () => {
    const seller = await person();
    const buyer = await person();
    const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks: 50_00 });
    await adjustBalanceAs(admin.client, buyer.user.id, 50);
    const purchase = (await buyAs(t, buyer.client, product.id)).json() as PurchaseResult;
    const sellerSocket = await connectAs(url, seller.client);
    sockets.push(sellerSocket);
    await joinRoom(sellerSocket, purchase.chat_id);
    const notice = nextEvent(sellerSocket, "new_message", (message) => message.message_type === "system");
    const listed = nextEvent(sellerSocket, "chat_updated", (chat) => chat.last_message?.text === "dispute_opened");

    const report = await buyer.client.post(`/v1/deals/${purchase.deal.id}/dispute`, {
      reason: "not_received",
      text: "Nothing arrived after an hour",
    });
    expect(report.json()).toMatchObject({
      status: "disputed",
      closed_at: null,
      dispute: {
        reason: "not_received",
        text: "Nothing arrived after an hour",
        status: "open",
        resolution: null,
        resolved_at: null,
      },
    });
    expect(await notice).toMatchObject({ text: "dispute_opened", sender_id: null });
    expect(await listed).toMatchObject({ id: purchase.chat_id });
    expect([await balanceOf(buyer.client), await balanceOf(seller.client)]).toEqual([0, 0]);
  });

  it("tells every connected admin live, and no other user", async () => {
    const seller = await person();
    const buyer = await person();
    const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks: 30_00 });
    await adjustBalanceAs(admin.client, buyer.user.id, 30);
    const purchase = (await buyAs(t, buyer.client, product.id)).json() as PurchaseResult;
    const [adminSocket, sellerSocket] = await Promise.all([
      connectAs(url, admin.client),
      connectAs(url, seller.client),
    ]);
    sockets.push(adminSocket, sellerSocket);
    const alert = nextEvent(adminSocket, "dispute_opened");
    const heardBySeller = recordEvents(sellerSocket, "dispute_opened");

    await buyer.client.post(`/v1/deals/${purchase.deal.id}/dispute`, {
      reason: "not_as_described",
      text: "The skin is not on the account",
    });

    expect(await alert).toMatchObject({
      id: purchase.deal.id,
      status: "disputed",
      dispute: { reason: "not_as_described" },
    });
    await pause(QUIET_MS);
    expect(heardBySeller).toEqual([]);
  });

  it("is the buyer's, once, while the deal is purchased, with a reason and a few words", async () => {
    const { seller, buyer, deal } = await disputedDeal();
    const report = (who: Person, dealId: string, body: object = { reason: "other", text: "Something is wrong here" }) =>
      who.client.post(`/v1/deals/${dealId}/dispute`, body);
    expect(failure(await report(buyer, deal.id))).toEqual([409, "INVALID_DEAL_STATUS"]);
    expect(failure(await report(seller, deal.id))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
    expect(failure(await report(buyer, crypto.randomUUID()))).toEqual([404, "DEAL_NOT_FOUND"]);
    expect(failure(await report(buyer, deal.id, { reason: "other", text: "short" }))).toEqual([
      422,
      "VALIDATION_ERROR",
    ]);
    expect(failure(await report(buyer, deal.id, { reason: "bored", text: "Something is wrong here" }))).toEqual([
      422,
      "VALIDATION_ERROR",
    ]);
  });
});

describe("resolving a dispute", () => {
  it("refunds the buyer and keeps a listing whose only unit the buyer saw sold out: it is never sold again", async () => {
    const { seller, buyer, product, purchase, deal } = await disputedDeal();
    const answer = await resolve(admin, deal.id, { resolution: "refund" });
    expect(answer.statusCode, answer.body).toBe(200);
    const refunded = answer.json() as Deal;
    expect(refunded).toMatchObject({
      status: "refunded",
      product: { status: "refunded" },
      dispute: { status: "resolved", resolution: "refund" },
    });
    expect(refunded.closed_at).toBe(refunded.dispute!.resolved_at);
    expect([await balanceOf(buyer.client), await balanceOf(seller.client)]).toEqual([200, 0]);
    expect(await texts(buyer, purchase.chat_id)).toEqual(["purchase", "dispute_opened", "refunded"]);

    const [audit] = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, deal.id));
    expect(audit).toMatchObject({
      adminId: admin.user.id,
      action: "deal.resolve",
      before: { status: "disputed", product_status: "purchased" },
      after: { status: "refunded", product_status: "refunded", resolution: "refund" },
    });

    const next = await person();
    await adjustBalanceAs(admin.client, next.user.id, 200);
    expect(failure(await buyAs(t, next.client, product.id))).toEqual([404, "PRODUCT_NOT_FOUND"]);
  });

  it("puts a manual listing's quantity back on sale after a refund, where someone else can buy it", async () => {
    const { product, deal } = await disputedDeal({ delivery: "manual", quantity: 1 });
    const answer = await resolve(admin, deal.id, { resolution: "refund" });
    expect(answer.json()).toMatchObject({ status: "refunded", product: { status: "active" } });
    const next = await person();
    await adjustBalanceAs(admin.client, next.user.id, 200);
    expect((await buyAs(t, next.client, product.id)).statusCode).toBe(200);
  });

  it("keeps a banned seller's product off sale after a refund, and the unban puts it back", async () => {
    const { seller, product, deal } = await disputedDeal({ delivery: "manual", quantity: 1 });
    expect((await admin.client.post("/v1/admin/ban-user", { id: seller.user.id })).statusCode).toBe(200);

    const refunded = await resolve(admin, deal.id, { resolution: "refund" });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((refunded.json() as Deal).product.status).toBe("suspended");
    expect((await t.app.inject({ method: "GET", url: `/v1/products/${product.id}` })).statusCode).toBe(404);

    expect((await admin.client.post("/v1/admin/unban-user", { user_id: seller.user.id })).statusCode).toBe(200);
    const again = await t.app.inject({ method: "GET", url: `/v1/products/${product.id}` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: "active" });
  });

  it("refunds and withdraws the product when the admin says so", async () => {
    const { buyer, product, deal } = await disputedDeal();
    const answer = await resolve(admin, deal.id, { resolution: "refund", product_status: "withdrawn" });
    expect(answer.json()).toMatchObject({ status: "refunded", product: { status: "withdrawn" } });
    expect(await balanceOf(buyer.client)).toBe(200);
    expect(failure(await t.app.inject({ method: "GET", url: `/v1/products/${product.id}` }))).toEqual([
      404,
      "PRODUCT_NOT_FOUND",
    ]);
  });

  it("releases the money to the seller less the commission, completing the deal", async () => {
    const { seller, buyer, purchase, deal } = await disputedDeal();
    const buyerSocket = await connectAs(url, buyer.client);
    sockets.push(buyerSocket);
    await joinRoom(buyerSocket, purchase.chat_id);
    const notice = nextEvent(buyerSocket, "new_message", (message) => message.text === "released");
    const answer = await resolve(admin, deal.id, { resolution: "release" });
    expect(answer.json()).toMatchObject({
      status: "completed",
      product: { status: "completed" },
      dispute: { status: "resolved", resolution: "release" },
    });
    await notice;
    expect([await balanceOf(buyer.client), await balanceOf(seller.client)]).toEqual([0, 190]);
  });

  it("resolves only disputed deals, and only for admins", async () => {
    const { seller, deal } = await disputedDeal();
    expect(failure(await resolve(seller, deal.id, { resolution: "release" }))).toEqual([
      403,
      "INSUFFICIENT_PERMISSIONS",
    ]);
    expect(failure(await resolve(admin, crypto.randomUUID(), { resolution: "release" }))).toEqual([
      404,
      "DEAL_NOT_FOUND",
    ]);
    expect(failure(await resolve(admin, deal.id, { resolution: "keep" }))).toEqual([422, "VALIDATION_ERROR"]);
    expect((await resolve(admin, deal.id, { resolution: "release" })).statusCode).toBe(200);
    expect(failure(await resolve(admin, deal.id, { resolution: "refund" }))).toEqual([409, "INVALID_DEAL_STATUS"]);
    expect(await balanceOf(seller.client)).toBe(190);
  });
});

describe("the admin's deals page", () => {
  it("lists open disputes first, then the newest, filtered by status or user, to admins only", async () => {
    const open = await disputedDeal();
    const seller = open.seller;
    const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks: 10_00 });
    const buyer = await person();
    await adjustBalanceAs(admin.client, buyer.user.id, 10);
    const newest = (await buyAs(t, buyer.client, product.id)).json() as PurchaseResult;

    const ofSeller = (await admin.client.get(`/v1/admin/deals?user_id=${seller.user.id}`)).json() as DealPage;
    expect(ofSeller).toMatchObject({ total: 2, page: 1, total_pages: 1 });
    expect(ofSeller.deals.map((deal) => deal.id)).toEqual([open.deal.id, newest.deal.id]);

    const disputedOnly = (await admin.client.get("/v1/admin/deals?status=disputed&per_page=100")).json() as DealPage;
    expect(disputedOnly.deals.every((deal) => deal.status === "disputed")).toBe(true);
    expect(disputedOnly.deals.map((deal) => deal.id)).toContain(open.deal.id);

    const firstPage = (await admin.client.get("/v1/admin/deals?per_page=1")).json() as DealPage;
    expect(firstPage.deals[0]!.status).toBe("disputed");
    expect(failure(await seller.client.get("/v1/admin/deals"))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
  });
});
