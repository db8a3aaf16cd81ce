import type { ChatMessage, PurchaseResult } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { deals } from "../../db/schema/deals.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
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
      Array.from({ length: 49 }, () => [409, "PRODUCT_NOT_AVAILABLE"]),
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
      expect(["PRICE_CHANGED", "PRODUCT_NOT_AVAILABLE"]).toContain(failure(answer)[1]);
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
