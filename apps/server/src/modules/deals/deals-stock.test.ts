import {
  BUY_QUANTITY_MAX,
  type ChatMessage,
  type ChatProduct,
  type Deal,
  type ProductDetail,
  type PurchaseResult,
  type StockPage,
} from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, type Category } from "../../db/schema/catalog.js";
import { deals } from "../../db/schema/deals.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import {
  createTestGame,
  createTestProduct,
  sendForm,
  textParts,
  type TestProductValues,
} from "../../test/test-catalog.js";
import { adjustBalanceAs, balanceOf, buyAs, failure } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";

/*
 * A listing that sells many times (ARCHITECTURE.md §4 "Stock"): purchases of several units, what each buyer
 * receives and sees, the deal's snapshot, and the listing's status as its deals close and refunds put back only
 * what nobody saw.
 */

let t: TestApp;
let game: Category;
let admin: Person;
const { person } = testPeople("shelf", () => t);

beforeAll(async () => {
  t = await createTestApp({ commissionPercent: 0 });
  game = await createTestGame(t.database.db);
  admin = await person("admin");
});
afterAll(() => t.close());

async function buyer(balance: number): Promise<Person> {
  const someone = await person();
  await adjustBalanceAs(admin.client, someone.user.id, balance);
  return someone;
}

/** A seller's live listing at 100 roubles a unit: these units, or as told. */
async function shelf(values: Partial<TestProductValues> = {}) {
  const seller = await person();
  const product = await createTestProduct(t, {
    sellerId: seller.user.id,
    categoryId: game.id,
    priceKopecks: 100_00,
    stockItems: ["KEY-01", "KEY-02", "KEY-03", "KEY-04", "KEY-05"],
    ...values,
  });
  return { seller, product };
}

async function bought(who: Person, productId: string, quantity?: number): Promise<PurchaseResult> {
  const response = await buyAs(t, who.client, productId, quantity === undefined ? {} : { quantity });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PurchaseResult;
}

const productOf = async (who: Person, productId: string) =>
  (await who.client.get(`/v1/products/${productId}`)).json() as ProductDetail;
const stockOf = async (who: Person, productId: string) =>
  (await who.client.get(`/v1/products/${productId}/stock`)).json() as StockPage;
const chatProduct = async (who: Person, chatId: string) =>
  (await who.client.get(`/v1/products/get/chat/${chatId}`)).json() as ChatProduct;
const cards = async (who: Person, chatId: string) =>
  ((await who.client.get(`/v1/chats/${chatId}/messages`)).json() as ChatMessage[]).filter(
    (message) => message.message_type === "purchase_info",
  );
const confirm = (who: Person, productId: string) =>
  who.client.request("PATCH", "/v1/products/confirm-receipt", { product_id: productId });
const dispute = async (who: Person, dealId: string) => {
  const answer = await who.client.post(`/v1/deals/${dealId}/dispute`, {
    reason: "not_as_described",
    text: "The keys do not activate",
  });
  expect(answer.statusCode, answer.body).toBe(200);
};
const resolve = (dealId: string, body: object) => admin.client.post(`/v1/admin/deals/${dealId}/resolve`, body);

describe("buying several units", () => {
  it("takes the oldest units for one deal at price × quantity and delivers them to the buyer at once", async () => {
    const { seller, product } = await shelf();
    const someone = await buyer(1000);
    const purchase = await bought(someone, product.id, 2);
    expect(purchase.deal).toMatchObject({
      price: 200,
      unit_price: 100,
      quantity: 2,
      delivery: "auto",
      items: ["KEY-01", "KEY-02"],
      status: "purchased",
      product: { id: product.id, title: product.title, status: "active" },
    });
    expect(purchase.balance).toBe(800);
    expect(await productOf(someone, product.id)).toMatchObject({ status: "active", in_stock: 3, is_sold: false });

    // The seller's stock shows which deal took which unit; the deal lists show the units to both sides.
    const stock = await stockOf(seller, product.id);
    expect(stock).toMatchObject({ in_stock: 3, sold: 2 });
    expect(stock.units.filter((unit) => unit.state === "sold").map((unit) => unit.deal_id)).toEqual([
      purchase.deal.id,
      purchase.deal.id,
    ]);
    const [sale] = (await seller.client.get(`/v1/users/${seller.user.id}/sales`)).json() as Deal[];
    expect(sale).toMatchObject({ id: purchase.deal.id, items: ["KEY-01", "KEY-02"] });

    // In the chat the buyer holds exactly their units; the card carries the deal.
    expect((await chatProduct(someone, purchase.chat_id)).product_data_string).toBe("KEY-01\nKEY-02");
    const [card] = await cards(someone, purchase.chat_id);
    expect(card?.product).toMatchObject({
      product_data_string: "KEY-01\nKEY-02",
      deal: { id: purchase.deal.id, quantity: 2, items: ["KEY-01", "KEY-02"] },
    });
  });

  it("refuses more than is in stock with OUT_OF_STOCK and charges nothing", async () => {
    const { product } = await shelf({ stockItems: ["KEY-A", "KEY-B"] });
    const someone = await buyer(1000);
    expect(failure(await buyAs(t, someone.client, product.id, { quantity: 3 }))).toEqual([409, "OUT_OF_STOCK"]);
    expect(failure(await buyAs(t, someone.client, product.id, { quantity: BUY_QUANTITY_MAX + 1 }))).toEqual([
      422,
      "VALIDATION_ERROR",
    ]);
    expect(failure(await buyAs(t, someone.client, product.id, { quantity: 0 }))).toEqual([422, "VALIDATION_ERROR"]);
    // The balance must cover the whole price, not one unit.
    const poor = await buyer(150);
    expect(failure(await buyAs(t, poor.client, product.id, { quantity: 2 }))).toEqual([409, "NOT_ENOUGH_BALANCE"]);
    expect([await balanceOf(someone.client), await balanceOf(poor.client)]).toEqual([1000, 150]);
    expect(await t.database.db.select().from(deals).where(eq(deals.productId, product.id))).toEqual([]);
    expect((await bought(someone, product.id, 2)).deal.items).toEqual(["KEY-A", "KEY-B"]);
  });

  it("shows each buyer only their own units, and the note beside them when the listing has one", async () => {
    const { seller, product } = await shelf();
    const [first, second] = [await buyer(500), await buyer(500)];
    const one = await bought(first, product.id, 1);
    const two = await bought(second, product.id, 2);
    expect([one.deal.items, two.deal.items]).toEqual([["KEY-01"], ["KEY-02", "KEY-03"]]);
    expect((await chatProduct(first, one.chat_id)).product_data_string).toBe("KEY-01");
    expect((await chatProduct(second, two.chat_id)).product_data_string).toBe("KEY-02\nKEY-03");
    expect(failure(await first.client.get(`/v1/products/get/chat/${two.chat_id}`))).toEqual([404, "CHAT_NOT_FOUND"]);
    // The seller and admins read the listing's goods in the chat: with many units and no note, none.
    expect((await chatProduct(seller, one.chat_id)).product_data_string).toBeNull();

    const note = "Redeem on Steam: Games → Activate a product";
    const noted = await shelf({ note });
    const reader = await buyer(500);
    const withNote = await bought(reader, noted.product.id, 2);
    expect((await chatProduct(reader, withNote.chat_id)).product_data_string).toBe(note);
    expect(withNote.deal.items).toEqual(["KEY-01", "KEY-02"]);
  });

  it("keeps what was bought in the deal: a renamed, repriced listing leaves each card its own deal", async () => {
    const { seller, product } = await shelf();
    const someone = await buyer(1000);
    const first = await bought(someone, product.id, 1);
    const edited = await sendForm(
      t,
      seller.client,
      "PATCH",
      "/v1/products/",
      textParts({ product_id: product.id, title: "Renamed set of keys", price: 150 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await admin.client.post("/v1/admin/products/approve", { product_id: product.id })).statusCode).toBe(200);
    const second = await bought(someone, product.id, 2);
    expect(second.chat_id).toBe(first.chat_id);

    const [older, newer] = await cards(someone, first.chat_id);
    expect(older?.product?.deal).toMatchObject({
      id: first.deal.id,
      product: { title: product.title },
      price: 100,
      unit_price: 100,
      quantity: 1,
      items: ["KEY-01"],
    });
    expect(newer?.product?.deal).toMatchObject({
      id: second.deal.id,
      product: { title: "Renamed set of keys" },
      price: 300,
      unit_price: 150,
      quantity: 2,
      items: ["KEY-02", "KEY-03"],
    });
    expect(newer?.product).toMatchObject({ title: "Renamed set of keys", price: 150 });

    // The spec's confirm names the product: the oldest deal still waiting first, one per call.
    expect((await confirm(someone, product.id)).json()).toMatchObject({ id: first.deal.id, status: "completed" });
    expect((await confirm(someone, product.id)).json()).toMatchObject({ id: second.deal.id, status: "completed" });
    expect((await confirm(someone, product.id)).json()).toMatchObject({ id: second.deal.id, status: "completed" });
    expect(await balanceOf(seller.client)).toBe(400);
  });

  it("replays an Idempotency-Key with the units, and refuses it for another quantity", async () => {
    const { product } = await shelf();
    const someone = await buyer(1000);
    const first = await buyAs(t, someone.client, product.id, { idempotencyKey: "stock-key", quantity: 2 });
    expect(first.statusCode, first.body).toBe(200);
    const again = await buyAs(t, someone.client, product.id, { idempotencyKey: "stock-key", quantity: 2 });
    expect(again.json()).toEqual(first.json());
    expect((again.json() as PurchaseResult).deal.items).toEqual(["KEY-01", "KEY-02"]);
    expect(failure(await buyAs(t, someone.client, product.id, { idempotencyKey: "stock-key", quantity: 3 }))).toEqual([
      409,
      "IDEMPOTENCY_KEY_REUSED",
    ]);
    expect(await balanceOf(someone.client)).toBe(800);
  });
});

describe("a listing's status as its deals move", () => {
  it("sells out at the last unit and completes once none of its deals is open", async () => {
    const { product } = await shelf({ stockItems: ["KEY-X", "KEY-Y"] });
    const [first, second] = [await buyer(100), await buyer(100)];
    await bought(first, product.id);
    expect((await productOf(first, product.id)).status).toBe("active");
    await bought(second, product.id);
    expect(await productOf(first, product.id)).toMatchObject({ status: "purchased", is_sold: true, in_stock: 0 });

    expect((await confirm(first, product.id)).json()).toMatchObject({ product: { status: "purchased" } });
    expect((await confirm(second, product.id)).json()).toMatchObject({ product: { status: "completed" } });
  });

  it("never sells a unit a refunded buyer saw: back on sale, the next buyer gets the next unit", async () => {
    const { seller, product } = await shelf({ stockItems: ["KEY-SEEN", "KEY-FRESH"] });
    const [first, second] = [await buyer(100), await buyer(100)];
    const seen = await bought(first, product.id);
    await dispute(first, seen.deal.id);
    const refunded = await resolve(seen.deal.id, { resolution: "refund", product_status: "active" });
    expect(refunded.json()).toMatchObject({ status: "refunded", product: { status: "active" }, items: ["KEY-SEEN"] });
    expect(await balanceOf(first.client)).toBe(100);

    expect((await bought(second, product.id)).deal.items).toEqual(["KEY-FRESH"]);
    expect(failure(await buyAs(t, first.client, product.id))).toEqual([409, "OUT_OF_STOCK"]);
    expect((await stockOf(seller, product.id)).units.map((unit) => [unit.item, unit.state])).toEqual([
      ["KEY-SEEN", "sold"],
      ["KEY-FRESH", "sold"],
    ]);
  });

  it("keeps a listing sold out after a refund of its last units, open while another deal is", async () => {
    const { product } = await shelf({ stockItems: ["KEY-1", "KEY-2"] });
    const [first, second] = [await buyer(100), await buyer(100)];
    const one = await bought(first, product.id);
    await bought(second, product.id);
    await dispute(first, one.deal.id);
    const refunded = await resolve(one.deal.id, { resolution: "refund", product_status: "active" });
    expect(refunded.json()).toMatchObject({ product: { status: "purchased" } });
    expect((await confirm(second, product.id)).json()).toMatchObject({ product: { status: "completed" } });
  });

  it("returns a manual deal's quantity to stock when the admin puts it back on sale", async () => {
    const { seller, product } = await shelf({
      delivery: "manual",
      quantity: 5,
      productData: "Gold delivered in the game",
    });
    const someone = await buyer(1000);
    const purchase = await bought(someone, product.id, 3);
    expect(purchase.deal).toMatchObject({ delivery: "manual", quantity: 3, items: [] });
    expect((await chatProduct(someone, purchase.chat_id)).product_data_string).toBe("Gold delivered in the game");
    expect((await productOf(seller, product.id)).in_stock).toBe(2);
    await dispute(someone, purchase.deal.id);
    expect((await resolve(purchase.deal.id, { resolution: "refund" })).statusCode).toBe(200);
    expect(await productOf(seller, product.id)).toMatchObject({ status: "active", in_stock: 5 });
  });

  it("does not put a listing with nothing left on sale when its banned seller is unbanned", async () => {
    const { seller, product } = await shelf({ stockItems: ["KEY-BAN"] });
    const soldOut = await createTestProduct(t, {
      sellerId: seller.user.id,
      categoryId: game.id,
      delivery: "manual",
      quantity: 0,
      status: "suspended",
    });
    expect((await admin.client.post("/v1/admin/ban-user", { id: seller.user.id })).statusCode).toBe(200);
    expect((await admin.client.post("/v1/admin/unban-user", { user_id: seller.user.id })).statusCode).toBe(200);
    const statuses = await t.database.db
      .select({ id: products.id, status: products.status })
      .from(products)
      .where(eq(products.sellerId, seller.user.id));
    expect(new Map(statuses.map((row) => [row.id, row.status]))).toEqual(
      new Map([
        [product.id, "active"],
        [soldOut.id, "refunded"],
      ]),
    );
  });
});
