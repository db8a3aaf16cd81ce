import type { ChatMessage, PurchaseResult } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productUnits, type Category } from "../../db/schema/catalog.js";
import { deals } from "../../db/schema/deals.js";
import { assertLedgerBalanced, createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, sendForm, textParts } from "../../test/test-catalog.js";
import { adjustBalanceAs, balanceOf, buyAs, failure } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";

let t: TestApp;
let game: Category;
let admin: Person;
const { person } = testPeople("race", () => t);

beforeAll(async () => {
  t = await createTestApp();
  game = await createTestGame(t.database.db);
  admin = await person("admin");
});
afterAll(() => t.close());

/** Someone with `balance` roubles on their balance. */
async function buyerWith(balance: number): Promise<Person> {
  const buyer = await person();
  await adjustBalanceAs(admin.client, buyer.user.id, balance);
  return buyer;
}

describe("concurrent buyers", () => {
  it("sells a product to exactly one of 50 buyers at once; everyone else keeps their money", async () => {
    const seller = await person();
    const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks: 100_00 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyerWith(150)));

    const answers = await Promise.all(buyers.map((buyer) => buyAs(t, buyer.client, product.id)));
    const winners = answers.flatMap((answer, index) => (answer.statusCode === 200 ? [index] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode !== 200).map(failure)).toEqual(
      Array.from({ length: 49 }, () => [409, "OUT_OF_STOCK"]),
    );

    const balances = await Promise.all(buyers.map((buyer) => balanceOf(buyer.client)));
    expect(balances).toEqual(buyers.map((_, index) => (index === winners[0] ? 50 : 150)));
    expect(await t.database.db.select().from(deals).where(eq(deals.productId, product.id))).toHaveLength(1);
  });

  it("never charges a buyer a price the seller set while 10 buyers paid the price they saw", async () => {
    const seller = await person();
    const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks: 100_00 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => buyerWith(1000)));

    const [repriced, ...answers] = await Promise.all([
      sendForm(t, seller.client, "PATCH", "/v1/products/", textParts({ product_id: product.id, price: 900 })),
      ...buyers.map((buyer) => buyAs(t, buyer.client, product.id, { price: 100 })),
    ]);
    const winners = answers.flatMap((answer, index) => (answer.statusCode === 200 ? [index] : []));
    // Either a buy locked the product first (one buyer pays the 100 seen, the edit meets an open deal) or the edit
    // did (every buyer is told the price changed); no one pays 900.
    if (repriced.statusCode === 200) expect(winners).toEqual([]);
    else {
      expect(failure(repriced)).toEqual([409, "PRODUCT_IN_OPEN_DEAL"]);
      expect(winners).toHaveLength(1);
    }
    for (const answer of answers.filter((one) => one.statusCode !== 200))
      expect(["PRICE_CHANGED", "OUT_OF_STOCK"]).toContain(failure(answer)[1]);
    const balances = await Promise.all(buyers.map((buyer) => balanceOf(buyer.client)));
    expect(balances).toEqual(buyers.map((_, index) => (index === winners[0] ? 900 : 1000)));
    const sold = await t.database.db.select().from(deals).where(eq(deals.productId, product.id));
    expect(sold.map((deal) => deal.priceKopecks)).toEqual(winners.map(() => 100_00));
  });

  it("answers concurrent retries with one Idempotency-Key with one deal, one charge and the same answer", async () => {
    const seller = await person();
    const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks: 40_00 });
    const buyer = await buyerWith(100);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => buyAs(t, buyer.client, product.id, { idempotencyKey: "checkout-42" })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    const [first, ...rest] = answers.map((answer) => answer.json() as PurchaseResult);
    for (const answer of rest) expect(answer).toEqual(first);
    expect(first!.balance).toBe(60);
    expect(await balanceOf(buyer.client)).toBe(60);

    // A retry after the deal moved on still answers the first answer, and posts no second card.
    expect(
      (await buyer.client.request("PATCH", "/v1/products/confirm-receipt", { product_id: product.id })).statusCode,
    ).toBe(200);
    expect((await buyAs(t, buyer.client, product.id, { idempotencyKey: "checkout-42" })).json()).toEqual(first);
    const history = (await buyer.client.get(`/v1/chats/${first!.chat_id}/messages`)).json() as ChatMessage[];
    expect(history.map((message) => message.message_type)).toEqual(["purchase_info", "system"]);
    expect(await balanceOf(buyer.client)).toBe(60);
    expect(await balanceOf(seller.client)).toBe(40);
  });

  it("pays the seller once when the buyer confirms twice at the same moment", async () => {
    const seller = await person();
    const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks: 25_00 });
    const buyer = await buyerWith(25);
    expect((await buyAs(t, buyer.client, product.id)).statusCode).toBe(200);

    const confirmations = await Promise.all(
      [1, 2, 3].map(() => buyer.client.request("PATCH", "/v1/products/confirm-receipt", { product_id: product.id })),
    );
    expect(confirmations.map((answer) => [answer.statusCode, answer.json().status])).toEqual([
      [200, "completed"],
      [200, "completed"],
      [200, "completed"],
    ]);
    expect(await balanceOf(seller.client)).toBe(25);
  });
});

describe("concurrent buyers of a listing's stock", () => {
  /** Every unit of the listing with the deal that took it, and the deals with how many units each took. */
  async function unitsAndDeals(productId: string) {
    const units = await t.database.db.select().from(productUnits).where(eq(productUnits.productId, productId));
    const sold = await t.database.db.select().from(deals).where(eq(deals.productId, productId));
    return { units, sold };
  }

  it("sells 50 units to exactly 50 of 100 buyers at once, each unit once; everyone else is refused and keeps their money", async () => {
    const seller = await person();
    const items = Array.from({ length: 50 }, (_, index) => `RACE-KEY-${index}`);
    const product = await createTestProduct(t, {
      sellerId: seller.user.id,
      categoryId: game.id,
      priceKopecks: 10_00,
      stockItems: items,
    });
    const buyers = await Promise.all(Array.from({ length: 100 }, () => buyerWith(15)));

    const answers = await Promise.all(buyers.map((buyer) => buyAs(t, buyer.client, product.id)));
    const won = answers.flatMap((answer, index) => (answer.statusCode === 200 ? [index] : []));
    expect(won).toHaveLength(50);
    expect(answers.filter((answer) => answer.statusCode !== 200).map(failure)).toEqual(
      Array.from({ length: 50 }, () => [409, "OUT_OF_STOCK"]),
    );
    const balances = await Promise.all(buyers.map((buyer) => balanceOf(buyer.client)));
    expect(balances).toEqual(buyers.map((_, index) => (won.includes(index) ? 5 : 15)));

    // Each unit went to exactly one deal, each winner's deal holds one unit, and what each winner was shown is theirs.
    const { units, sold } = await unitsAndDeals(product.id);
    expect(sold).toHaveLength(50);
    expect(units.every((unit) => unit.state === "sold")).toBe(true);
    expect(new Set(units.map((unit) => unit.dealId)).size).toBe(50);
    const delivered = won.map((index) => (answers[index]!.json() as PurchaseResult).deal.items);
    expect(delivered.every((dealItems) => dealItems.length === 1)).toBe(true);
    expect(delivered.flat().sort()).toEqual([...items].sort());
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect([row!.inStock, row!.status]).toEqual([0, "purchased"]);
    await assertLedgerBalanced(t.database);
  });

  it("sells 3 units at a time to 16 of 20 buyers of a 50-unit listing; the 2 left are not enough for the rest", async () => {
    const seller = await person();
    const product = await createTestProduct(t, {
      sellerId: seller.user.id,
      categoryId: game.id,
      priceKopecks: 10_00,
      stockItems: Array.from({ length: 50 }, (_, index) => `TRIPLE-${index}`),
    });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyerWith(30)));
    const answers = await Promise.all(buyers.map((buyer) => buyAs(t, buyer.client, product.id, { quantity: 3 })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(16);
    expect(answers.filter((answer) => answer.statusCode !== 200).map(failure)).toEqual(
      Array.from({ length: 4 }, () => [409, "OUT_OF_STOCK"]),
    );
    const { units, sold } = await unitsAndDeals(product.id);
    expect(sold.map((deal) => [deal.quantity, deal.priceKopecks])).toEqual(sold.map(() => [3, 30_00]));
    expect(units.filter((unit) => unit.state === "sold")).toHaveLength(48);
    for (const deal of sold) expect(units.filter((unit) => unit.dealId === deal.id)).toHaveLength(3);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect([row!.inStock, row!.status]).toEqual([2, "active"]);
    await assertLedgerBalanced(t.database);
  });

  it("keeps stock and sales in step while the seller adds and removes units during 30 purchases", async () => {
    const seller = await person();
    const product = await createTestProduct(t, {
      sellerId: seller.user.id,
      categoryId: game.id,
      priceKopecks: 10_00,
      stockItems: Array.from({ length: 20 }, (_, index) => `BUSY-${index}`),
    });
    const before = await unitsAndDeals(product.id);
    // The seller removes the 5 newest units while buyers take the oldest first: each removal meets an unsold
    // unit or one just sold, never a half-sold one.
    const removable = before.units.slice(-5);
    const buyers = await Promise.all(Array.from({ length: 30 }, () => buyerWith(10)));

    const [added, removals, answers] = await Promise.all([
      seller.client.post(`/v1/products/${product.id}/stock`, {
        stock_items: Array.from({ length: 10 }, (_, index) => `MORE-${index}`).join("\n"),
      }),
      Promise.all(
        removable.map((unit) => seller.client.request("DELETE", `/v1/products/${product.id}/stock/${unit.id}`)),
      ),
      Promise.all(buyers.map((buyer) => buyAs(t, buyer.client, product.id))),
    ]);
    expect(added.statusCode, added.body).toBe(200);
    for (const removal of removals)
      if (removal.statusCode !== 200) expect(failure(removal)).toEqual([409, "STOCK_UNIT_SOLD"]);

    const { units, sold } = await unitsAndDeals(product.id);
    const removed = units.filter((unit) => unit.state === "removed");
    const soldUnits = units.filter((unit) => unit.state === "sold");
    const available = units.filter((unit) => unit.state === "available");
    expect(units).toHaveLength(30);
    expect(removed.map((unit) => unit.id).sort()).toEqual(
      removable
        .filter((_, index) => removals[index]!.statusCode === 200)
        .map((unit) => unit.id)
        .sort(),
    );
    // Every winner has one unit of their own, no unit was sold twice, and in_stock counts what is left.
    const winners = answers.filter((answer) => answer.statusCode === 200);
    expect(sold).toHaveLength(winners.length);
    expect(soldUnits).toHaveLength(winners.length);
    expect(new Set(soldUnits.map((unit) => unit.dealId)).size).toBe(winners.length);
    expect(winners.length + removed.length + available.length).toBe(30);
    for (const answer of answers.filter((one) => one.statusCode !== 200))
      expect(failure(answer)).toEqual([409, "OUT_OF_STOCK"]);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.inStock).toBe(available.length);
    await assertLedgerBalanced(t.database);
  });
});
