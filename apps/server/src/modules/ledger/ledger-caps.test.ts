import {
  BALANCE_ADJUSTMENT_MAX,
  BALANCE_MAX,
  PRODUCT_PRICE_MAX,
  roublesToKopecks,
  type PurchaseResult,
} from "@lootlane/contract";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import type { TestClient } from "../../test/test-client.js";
import { balanceOf, buyAs } from "../../test/test-money.js";
import { createTestUser, signInAs } from "../../test/test-users.js";
import { checkLedger } from "./ledger-check.service.js";

let t: TestApp;
let game: Category;
let asAdmin: TestClient;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  game = await createTestGame(t.database.db);
  asAdmin = await signInAs(t.app, await createTestUser(t.database.db, { username: "cap_admin", role: "admin" }));
});
afterAll(() => t.close());

/** A signed-in user whose balance of `roubles` was paid in from outside through the ledger. */
async function holder(roubles = 0) {
  const user = await createTestUser(t.database.db, {
    username: `cap_user_${++counter}`,
    balanceKopecks: roublesToKopecks(roubles),
  });
  return { user, client: await signInAs(t.app, user) };
}

const adjust = (userId: string, amount: number) =>
  asAdmin.post("/v1/admin/balance-adjustment", { user_id: userId, amount, memo: "cap test" });
const setBalance = (userId: string, balance: number) =>
  asAdmin.request("PATCH", `/v1/admin/user/${userId}`, { balance });

/** A 422 VALIDATION_ERROR that names exactly `field`. */
function expectFieldError(response: LightMyRequestResponse, field: string): void {
  expect(response.statusCode, response.body).toBe(422);
  const { detail } = response.json() as { detail: { error_code: string; errors: Array<{ field: string }> } };
  expect(detail.error_code).toBe("VALIDATION_ERROR");
  expect(detail.errors.map((error) => error.field)).toEqual([field]);
}

describe("caps on the money an admin creates", () => {
  it("refuses amounts beyond the caps with a field error, where 9·10¹³ ₽ answered 500, and moves nothing", async () => {
    const target = await holder();
    expectFieldError(await setBalance(target.user.id, 9.1e13), "balance");
    expectFieldError(await setBalance(target.user.id, 8.9e13), "balance");
    expectFieldError(await adjust(target.user.id, 9.1e13), "amount");
    expectFieldError(await adjust(target.user.id, -9.1e13), "amount");
    expectFieldError(await adjust(target.user.id, BALANCE_ADJUSTMENT_MAX + 0.01), "amount");
    // A balance under the ceiling is still one edit of at most BALANCE_ADJUSTMENT_MAX away from the current one.
    expectFieldError(await setBalance(target.user.id, BALANCE_ADJUSTMENT_MAX + 0.01), "balance");
    expect(await balanceOf(target.client)).toBe(0);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it("refuses an adjustment or an edit that would leave a balance above BALANCE_MAX", async () => {
    const target = await holder(BALANCE_MAX - 1);
    expectFieldError(await adjust(target.user.id, 1.01), "amount");
    expectFieldError(await setBalance(target.user.id, BALANCE_MAX + 0.01), "balance");
    expect(await balanceOf(target.client)).toBe(BALANCE_MAX - 1);

    const topped = await adjust(target.user.id, 1);
    expect(topped.statusCode, topped.body).toBe(200);
    expect(topped.json()).toEqual({ balance: BALANCE_MAX });
    const lowered = await setBalance(target.user.id, BALANCE_MAX - 0.01);
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json()).toMatchObject({ balance: BALANCE_MAX - 0.01 });
  });

  it("fills a balance to the cap and no further when top-ups arrive at the same moment", async () => {
    const target = await holder(BALANCE_MAX - 2.5 * BALANCE_ADJUSTMENT_MAX);
    const answers = await Promise.all(Array.from({ length: 5 }, () => adjust(target.user.id, BALANCE_ADJUSTMENT_MAX)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    for (const answer of answers.filter((one) => one.statusCode !== 200)) expectFieldError(answer, "amount");
    expect(await balanceOf(target.client)).toBe(BALANCE_MAX - 0.5 * BALANCE_ADJUSTMENT_MAX);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

describe("the ledger near the cap", () => {
  it("adds up to the kopeck with several balances at the cap trading at the highest price", async () => {
    const people = await Promise.all([0, 1, 2, 3].map((index) => holder(BALANCE_MAX - 1 - index)));
    for (const person of people) {
      const answer = await adjust(person.user.id, 1);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    // Each buys the next one's product at the highest price and confirms it: sellers end above the cap, which
    // only admins' money is held to.
    for (const [index, buyer] of people.entries()) {
      const seller = people[(index + 1) % people.length]!;
      const product = await createTestProduct(t, {
        sellerId: seller.user.id,
        categoryId: game.id,
        priceKopecks: roublesToKopecks(PRODUCT_PRICE_MAX),
      });
      const bought = await buyAs(t, buyer.client, product.id, { price: PRODUCT_PRICE_MAX });
      expect(bought.statusCode, bought.body).toBe(200);
      expect((bought.json() as PurchaseResult).deal.price).toBe(PRODUCT_PRICE_MAX);
      const confirmed = await buyer.client.request("PATCH", "/v1/products/confirm-receipt", {
        product_id: product.id,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }

    const commission = (PRODUCT_PRICE_MAX * t.config.commissionPercent) / 100;
    const balances = await Promise.all(people.map((person) => balanceOf(person.client)));
    expect(balances).toEqual(people.map((_, index) => BALANCE_MAX - index - commission));
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});
