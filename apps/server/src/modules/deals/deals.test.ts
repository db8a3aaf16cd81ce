import {
  roublesToKopecks,
  type ChatMessage,
  type ChatProduct,
  type Deal,
  type PurchaseResult,
} from "@lootlane/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { ledgerEntries, ledgerTransactions } from "../../db/schema/ledger.js";
import { users } from "../../db/schema/users.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, sendForm, textParts } from "../../test/test-catalog.js";
import { joinRoom, listenOnFreePort, nextEvent } from "../../test/test-chats.js";
import { adjustBalanceAs, balanceOf, buyAs, failure } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";

const COMMISSION_PERCENT = 10;
const GOODS = "key: AAAA-BBBB-CCCC";

let t: TestApp;
let game: Category;
let admin: Person;
const { person, connect, closeSockets } = testPeople("deal", () => t);

beforeAll(async () => {
  t = await createTestApp({ commissionPercent: COMMISSION_PERCENT });
  await listenOnFreePort(t.app);
  game = await createTestGame(t.database.db);
  admin = await person("admin");
});
afterEach(closeSockets);
afterAll(() => t.close());

/** A seller with an active product at `price` roubles and a buyer topped up with `balance` roubles. */
async function sale(price = 1000, balance = price) {
  const seller = await person();
  const buyer = await person();
  const product = await createTestProduct(t, {
    sellerId: seller.user.id,
    categoryId: game.id,
    priceKopecks: roublesToKopecks(price),
    productData: GOODS,
  });
  if (balance > 0) await adjustBalanceAs(admin.client, buyer.user.id, balance);
  return { seller, buyer, product };
}

async function bought(price = 1000) {
  const deal = await sale(price);
  const response = await buyAs(t, deal.buyer.client, deal.product.id);
  expect(response.statusCode, response.body).toBe(200);
  return { ...deal, purchase: response.json() as PurchaseResult };
}

const confirm = (who: Person, productId: string) =>
  who.client.request("PATCH", "/v1/products/confirm-receipt", { product_id: productId });

describe("the deal loop: top-up, buy, live purchase card, goods revealed, confirm, review", () => {
  it("moves the money buyer → escrow → seller less the commission, and shows each member their own card live", async () => {
    const { seller, buyer, product } = await sale(1000, 1500);
    const buyerSocket = await connect(buyer);
    const sellerSocket = await connect(seller);
    const isCard = (message: ChatMessage) => message.message_type === "purchase_info";
    const buyerCard = nextEvent(buyerSocket, "new_message", isCard);
    const sellerCard = nextEvent(sellerSocket, "new_message", isCard);
    const sellerList = nextEvent(
      sellerSocket,
      "chat_updated",
      (chat) => chat.last_message?.message_type === "purchase_info",
    );

    const response = await buyAs(t, buyer.client, product.id);
    expect(response.statusCode, response.body).toBe(200);
    const { deal, chat_id, balance } = response.json() as PurchaseResult;
    expect(balance).toBe(500);
    expect(deal).toMatchObject({
      product: { id: product.id, status: "purchased" },
      price: 1000,
      commission: 100,
      status: "purchased",
      buyer: { id: buyer.user.id, username: buyer.user.username },
      seller: { id: seller.user.id, username: seller.user.username },
      chat_id,
      closed_at: null,
      dispute: null,
      review_id: null,
    });
    expect(Date.parse(deal.auto_confirm_at) - Date.parse(deal.created_at)).toBe(t.config.autoConfirmHours * 3_600_000);

    // The same card, seen by each member as theirs: the seller owns it, the buyer now holds the goods.
    expect(await buyerCard).toMatchObject({
      chat_room_id: chat_id,
      sender_id: null,
      text: "purchase",
      product: {
        id: product.id,
        is_owner: false,
        product_data_string: GOODS,
        status: "purchased",
        deal: { id: deal.id, status: "purchased" },
      },
    });
    expect(await sellerCard).toMatchObject({
      product: { is_owner: true, product_data_string: GOODS, deal: { id: deal.id } },
    });
    expect(await sellerList).toMatchObject({
      id: chat_id,
      unread_count: 1,
      another_user: { username: buyer.user.username },
    });

    const chatProduct = await buyer.client.get(`/v1/products/get/chat/${chat_id}`);
    expect(chatProduct.json()).toMatchObject({
      id: product.id,
      product_data_string: GOODS,
      is_owner: false,
      is_sold: true,
      deal: { id: deal.id, status: "purchased" },
    });
    expect([await balanceOf(buyer.client), await balanceOf(seller.client)]).toEqual([500, 0]);

    await joinRoom(buyerSocket, chat_id);
    const confirmed = nextEvent(buyerSocket, "new_message", (message) => message.message_type === "system");
    const confirmation = await confirm(buyer, product.id);
    expect(confirmation.statusCode, confirmation.body).toBe(200);
    expect(confirmation.json()).toMatchObject({ id: deal.id, status: "completed", product: { status: "completed" } });
    expect((confirmation.json() as Deal).closed_at).not.toBeNull();
    expect(await confirmed).toMatchObject({ text: "confirmed", sender_id: null, product: null });
    expect([await balanceOf(buyer.client), await balanceOf(seller.client)]).toEqual([500, 900]);

    // The platform kept its commission, in the same balanced release transaction.
    const [release] = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.dealId, deal.id), eq(ledgerTransactions.kind, "release")));
    expect(release).toMatchObject({ actorId: buyer.user.id });
    const amounts = (
      await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, release!.id))
    ).map((entry) => entry.amountKopecks);
    // Escrow out, the price to the seller, the commission from the seller to the platform.
    expect(amounts.sort((a, b) => a - b)).toEqual([-100_000, -10_000, 10_000, 100_000]);

    // The chat keeps the card (its deal now completed) and the confirmation.
    const history = (await buyer.client.get(`/v1/chats/${chat_id}/messages`)).json() as ChatMessage[];
    expect(
      history.map((message) => [message.message_type, message.text, message.product?.deal?.status ?? null]),
    ).toEqual([
      ["purchase_info", "purchase", "completed"],
      ["system", "confirmed", null],
    ]);

    // The buyer reviews the completed deal, and the seller's rating becomes its stars.
    const review = await buyer.client.post("/v1/reviews/", {
      deal_id: deal.id,
      stars: 4,
      text: "Quick and as described",
    });
    expect(review.statusCode, review.body).toBe(200);
    expect((await buyer.client.get(`/v1/users/${seller.user.username}`)).json()).toMatchObject({ rating: 4 });
    expect(((await buyer.client.get(`/v1/users/${buyer.user.id}/purchases`)).json() as Deal[])[0]).toMatchObject({
      id: deal.id,
      review_id: (review.json() as { id: string }).id,
    });
  });

  it("pays once when the buyer confirms twice, answering the completed deal again", async () => {
    const { seller, buyer, product, purchase } = await bought(300);
    const first = await confirm(buyer, product.id);
    const second = await confirm(buyer, product.id);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(first.json());
    expect(await balanceOf(seller.client)).toBe(270);
    const history = (await buyer.client.get(`/v1/chats/${purchase.chat_id}/messages`)).json() as ChatMessage[];
    expect(history.filter((message) => message.text === "confirmed")).toHaveLength(1);
  });

  it("reveals the goods of a chat's product only to its seller, admins and the buyer who paid", async () => {
    const { seller, buyer, product } = await sale(100, 0);
    const opened = await buyer.client.post("/v1/chats/", { product_id: product.id });
    const chatId = (opened.json() as { id: string }).id;
    const goodsOf = async (who: Person) =>
      ((await who.client.get(`/v1/products/get/chat/${chatId}`)).json() as ChatProduct).product_data_string;
    expect([await goodsOf(buyer), await goodsOf(seller), await goodsOf(admin)]).toEqual([null, GOODS, GOODS]);
    expect((await buyer.client.get(`/v1/products/get/chat/${chatId}`)).json()).toMatchObject({ deal: null });

    // Buying in the chat the buyer opened before reuses it.
    await adjustBalanceAs(admin.client, buyer.user.id, 100);
    const purchase = (await buyAs(t, buyer.client, product.id)).json() as PurchaseResult;
    expect(purchase.chat_id).toBe(chatId);
    expect(await goodsOf(buyer)).toBe(GOODS);

    const stranger = await person();
    expect(failure(await stranger.client.get(`/v1/products/get/chat/${chatId}`))).toEqual([404, "CHAT_NOT_FOUND"]);
  });
});

describe("refusals of a buy", () => {
  it("answers each refusal with its code and moves no money", async () => {
    const { seller, buyer, product } = await sale(1000, 999);
    expect(failure(await buyAs(t, buyer.client, product.id))).toEqual([409, "NOT_ENOUGH_BALANCE"]);
    expect(failure(await buyAs(t, seller.client, product.id))).toEqual([409, "CANNOT_BUY_OWN_PRODUCT"]);

    const sold = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, status: "purchased" });
    const pending = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, status: "moderation" });
    const deleted = await createTestProduct(t, {
      sellerId: seller.user.id,
      categoryId: game.id,
      deletedAt: new Date(),
    });
    const cheap = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks: 100 });
    expect(failure(await buyAs(t, buyer.client, sold.id))).toEqual([409, "OUT_OF_STOCK"]);
    expect(failure(await buyAs(t, buyer.client, pending.id))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect(failure(await buyAs(t, buyer.client, deleted.id))).toEqual([404, "PRODUCT_NOT_FOUND"]);
    expect(failure(await buyAs(t, buyer.client, crypto.randomUUID()))).toEqual([404, "PRODUCT_NOT_FOUND"]);

    await t.database.db.update(users).set({ hasFrozenBalance: true }).where(eq(users.id, buyer.user.id));
    expect(failure(await buyAs(t, buyer.client, cheap.id))).toEqual([403, "BALANCE_IS_FROZEN"]);
    await t.database.db
      .update(users)
      .set({ hasFrozenBalance: false, isBanned: true })
      .where(eq(users.id, buyer.user.id));
    expect(failure(await buyAs(t, buyer.client, cheap.id))).toEqual([403, "USER_IS_BANNED"]);
    expect(
      failure(await t.app.inject({ method: "POST", url: "/v1/products/buy", payload: { product_id: cheap.id } })),
    ).toEqual([401, "TOKEN_NOT_FOUND"]);

    await t.database.db.update(users).set({ isBanned: false }).where(eq(users.id, buyer.user.id));
    expect(await balanceOf(buyer.client)).toBe(999);
    expect((await t.app.inject({ method: "GET", url: `/v1/products/${product.id}` })).json()).toMatchObject({
      status: "active",
      is_sold: false,
    });
  });

  it("refuses an Idempotency-Key reused for another product (IDEMPOTENCY_KEY_REUSED), and a malformed body (422)", async () => {
    const { seller, buyer, product } = await sale(100, 200);
    const other = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks: 100_00 });
    expect((await buyAs(t, buyer.client, product.id, { idempotencyKey: "order-1" })).statusCode).toBe(200);
    expect(failure(await buyAs(t, buyer.client, other.id, { idempotencyKey: "order-1" }))).toEqual([
      409,
      "IDEMPOTENCY_KEY_REUSED",
    ]);
    expect(await balanceOf(buyer.client)).toBe(100);
    expect(failure(await buyer.client.post("/v1/products/buy", { product_id: "not-a-uuid" }))).toEqual([
      422,
      "VALIDATION_ERROR",
    ]);
  });
});

describe("the price the buyer saw", () => {
  const ledgerTransactionCount = async () => (await t.database.db.select().from(ledgerTransactions)).length;
  const repriceAs = async (seller: Person, productId: string, price: number) => {
    const response = await sendForm(
      t,
      seller.client,
      "PATCH",
      "/v1/products/",
      textParts({ product_id: productId, price }),
    );
    expect(response.statusCode, response.body).toBe(200);
  };

  it("refuses a buy at a price the seller has since changed (409 PRICE_CHANGED), charging nothing", async () => {
    const { seller, buyer, product } = await sale(1000, 5000);
    await repriceAs(seller, product.id, 4000);
    const transactionsBefore = await ledgerTransactionCount();

    expect(failure(await buyAs(t, buyer.client, product.id, { price: 1000 }))).toEqual([409, "PRICE_CHANGED"]);
    expect(await balanceOf(buyer.client)).toBe(5000);
    expect(await ledgerTransactionCount()).toBe(transactionsBefore);
    expect((await buyer.client.get(`/v1/users/${buyer.user.id}/purchases`)).json()).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: `/v1/products/${product.id}` })).json()).toMatchObject({
      status: "active",
      price: 4000,
    });
  });

  it("buys at the price the buyer saw when it is still the price", async () => {
    const { seller, buyer, product } = await sale(1000, 5000);
    await repriceAs(seller, product.id, 4000);
    const response = await buyAs(t, buyer.client, product.id, { price: 4000 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ deal: { price: 4000 }, balance: 1000 });
  });

  it("buys at the current price when the buy carries none, as the spec's clients send it", async () => {
    const { seller, buyer, product } = await sale(1000, 5000);
    await repriceAs(seller, product.id, 4000);
    const response = await buyAs(t, buyer.client, product.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ deal: { price: 4000 }, balance: 1000 });
  });
});

describe("confirm receipt refusals", () => {
  it("lets only the buyer confirm (INSUFFICIENT_PERMISSIONS), needs a deal (DEAL_NOT_FOUND) and a deal not disputed (INVALID_DEAL_STATUS)", async () => {
    const { seller, buyer, product, purchase } = await bought(100);
    expect(failure(await confirm(seller, product.id))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
    expect(failure(await confirm(admin, product.id))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
    const unsold = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id });
    expect(failure(await confirm(buyer, unsold.id))).toEqual([404, "DEAL_NOT_FOUND"]);

    const report = await buyer.client.post(`/v1/deals/${purchase.deal.id}/dispute`, {
      reason: "not_received",
      text: "The key was never sent",
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(failure(await confirm(buyer, product.id))).toEqual([409, "INVALID_DEAL_STATUS"]);
    expect(await balanceOf(seller.client)).toBe(0);
  });
});

describe("purchases and sales", () => {
  it("lists a user's deals newest first, to the user themself and admins only", async () => {
    const { seller, buyer, purchase } = await bought(100);
    const second = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks: 50_00 });
    await adjustBalanceAs(admin.client, buyer.user.id, 50);
    const later = (await buyAs(t, buyer.client, second.id)).json() as PurchaseResult;

    const purchases = await buyer.client.get(`/v1/users/${buyer.user.id}/purchases`);
    expect((purchases.json() as Deal[]).map((deal) => deal.id)).toEqual([later.deal.id, purchase.deal.id]);
    const sales = await seller.client.get(`/v1/users/${seller.user.id}/sales?per_page=1`);
    expect((sales.json() as Deal[]).map((deal) => deal.id)).toEqual([later.deal.id]);
    const asAdmin = await admin.client.get(`/v1/users/${seller.user.id}/sales`);
    expect(asAdmin.json() as Deal[]).toHaveLength(2);
    expect((await seller.client.get(`/v1/users/${seller.user.id}/purchases`)).json()).toEqual([]);

    expect(failure(await seller.client.get(`/v1/users/${buyer.user.id}/purchases`))).toEqual([
      403,
      "INSUFFICIENT_PERMISSIONS",
    ]);
    expect(failure(await buyer.client.get(`/v1/users/${seller.user.id}/sales`))).toEqual([
      403,
      "INSUFFICIENT_PERMISSIONS",
    ]);
    expect(failure(await admin.client.get(`/v1/users/${crypto.randomUUID()}/purchases`))).toEqual([
      404,
      "USER_NOT_FOUND",
    ]);
    expect(failure(await t.app.inject({ method: "GET", url: `/v1/users/${buyer.user.id}/purchases` }))).toEqual([
      401,
      "TOKEN_NOT_FOUND",
    ]);
  });
});

describe("balance adjustments", () => {
  it("adds and takes money as an admin, refusing more than the balance, unknown users, zero and non-admins", async () => {
    const someone = await person();
    expect(await adjustBalanceAs(admin.client, someone.user.id, 10.5)).toBe(10.5);
    expect(await adjustBalanceAs(admin.client, someone.user.id, -0.25)).toBe(10.25);
    const adjust = (who: Person, user_id: string, amount: number) =>
      who.client.post("/v1/admin/balance-adjustment", { user_id, amount });
    expect(failure(await adjust(admin, someone.user.id, -10.26))).toEqual([409, "NOT_ENOUGH_BALANCE"]);
    expect(failure(await adjust(admin, crypto.randomUUID(), 5))).toEqual([404, "USER_NOT_FOUND"]);
    expect(failure(await adjust(admin, someone.user.id, 0))).toEqual([422, "VALIDATION_ERROR"]);
    expect(failure(await adjust(admin, someone.user.id, 1.234))).toEqual([422, "VALIDATION_ERROR"]);
    expect(failure(await adjust(someone, someone.user.id, 100))).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
    expect(await balanceOf(someone.client)).toBe(10.25);
  });
});
