import type { Deal, PurchaseResult, StatementEntry, StatementPage, Wallet } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import { TestClient } from "../../test/test-client.js";
import { adjustBalanceAs, balanceOf, buyAs } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { creditTestTopUp, requestTestWithdrawal, returnTestWithdrawal } from "../../test/test-wallet-postings.js";

let t: TestApp;
let game: Category;
let admin: Person;
const { person } = testPeople("wallet", () => t);

beforeAll(async () => {
  t = await createTestApp({ commissionPercent: 5 });
  game = await createTestGame(t.database.db);
  admin = await person("admin");
});
afterAll(() => t.close());

const walletOf = async (who: Person): Promise<Wallet> => {
  const response = await who.client.get("/v1/wallet");
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Wallet;
};

const statementOf = async (who: Person, query = ""): Promise<StatementPage> => {
  const response = await who.client.get(`/v1/wallet/statement${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as StatementPage;
};

/** Newest first, each entry's balance is the older one's plus its amount; the oldest starts from nothing. */
function expectConsistentBalances(entries: StatementEntry[]): void {
  entries.forEach((entry, index) => {
    const before = entries[index + 1]?.balance_after ?? 0;
    expect(entry.balance_after, `${entry.kind} ${entry.id}`).toBeCloseTo(before + entry.amount, 2);
  });
}

describe("GET /v1/wallet", () => {
  it("answers a new user's empty wallet with the configured rules", async () => {
    const someone = await person();
    expect(await walletOf(someone)).toEqual({
      balance: 0,
      held: 0,
      available: 0,
      guarantee_held: 0,
      rules: {
        provider: "test",
        top_up_min: 10,
        top_up_max: 100_000,
        top_up_daily_max: 300_000,
        withdrawal_min: 100,
        withdrawal_fee_percent: 0,
        withdrawal_methods: ["card", "sbp", "yoomoney"],
      },
    });
  });

  it("keeps what waiting withdrawals hold apart from what the user may spend", async () => {
    const seller = await person();
    await adjustBalanceAs(admin.client, seller.user.id, 500);
    await requestTestWithdrawal(t.database.db, seller.user.id, { amountKopecks: 200_00, feeKopecks: 2_50 });
    expect(await walletOf(seller)).toMatchObject({ balance: 500, held: 202.5, available: 297.5 });
    // The header's balance is the available money, the same the wallet says.
    expect(await balanceOf(seller.client)).toBe(297.5);
  });

  it("follows the payments configuration", async () => {
    const other = await createTestApp({
      payments: {
        ...t.config.payments,
        provider: "none",
        topUpMaxKopecks: 5_000_00,
        topUpDailyMaxKopecks: 20_000_00,
        payoutFeePercent: 1.5,
        payoutMinKopecks: 300_00,
      },
    });
    try {
      const { person: otherPerson } = testPeople("wallet_rules", () => other);
      const response = await (await otherPerson()).client.get("/v1/wallet");
      expect((response.json() as Wallet).rules).toEqual({
        provider: "none",
        top_up_min: 10,
        top_up_max: 5_000,
        top_up_daily_max: 20_000,
        withdrawal_min: 300,
        withdrawal_fee_percent: 1.5,
        withdrawal_methods: ["card", "sbp", "yoomoney"],
      });
    } finally {
      await other.close();
    }
  });
});

describe("GET /v1/wallet/statement", () => {
  let buyer: Person;
  let seller: Person;
  let kept: { id: string; title: string };
  let returned: { id: string; title: string };
  let keptDeal: Deal;
  let refundedDeal: Deal;
  let topUpId: string;
  let withdrawalId: string;

  /**
   * The buyer: an admin's adjustment of 300 ₽, a purchase of 100 ₽ they confirm, a purchase of 50 ₽ refunded
   * through a dispute, a top-up of 25.50 ₽, a withdrawal of 120 ₽ with a 1.20 ₽ fee that is rejected. The seller:
   * the sale of the confirmed deal, less 5 % commission.
   */
  beforeAll(async () => {
    buyer = await person();
    seller = await person();
    const db = t.database.db;
    await adjustBalanceAs(admin.client, buyer.user.id, 300);
    const product = async (title: string, priceKopecks: number) => {
      const { id } = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks, title });
      return { id, title };
    };
    kept = await product("Kept account", 100_00);
    returned = await product("Returned skin", 50_00);
    keptDeal = ((await buyAs(t, buyer.client, kept.id)).json() as PurchaseResult).deal;
    const confirmed = await buyer.client.request("PATCH", "/v1/products/confirm-receipt", { product_id: kept.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    refundedDeal = ((await buyAs(t, buyer.client, returned.id)).json() as PurchaseResult).deal;
    const reported = await buyer.client.post(`/v1/deals/${refundedDeal.id}/dispute`, {
      reason: "not_received",
      text: "Nothing arrived",
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const refunded = await admin.client.post(`/v1/admin/deals/${refundedDeal.id}/resolve`, { resolution: "refund" });
    expect(refunded.statusCode, refunded.body).toBe(200);
    topUpId = await creditTestTopUp(db, buyer.user.id, 25_50);
    const withdrawal = await requestTestWithdrawal(db, buyer.user.id, { amountKopecks: 120_00, feeKopecks: 1_20 });
    withdrawalId = withdrawal.id;
    await returnTestWithdrawal(db, withdrawal);
  });

  it("lists every movement of the buyer's money newest first, with what it belongs to", async () => {
    const page = await statementOf(buyer, "?per_page=50");
    expect([page.total, page.total_pages, page.page]).toEqual([7, 1, 1]);
    const none = { account: "available", deal_id: null, product: null, top_up_id: null, withdrawal_id: null };
    expect(page.entries.map(({ id: _id, created_at: _at, ...entry }) => entry)).toEqual([
      { ...none, kind: "withdrawal_returned", amount: 121.2, balance_after: 225.5, withdrawal_id: withdrawalId },
      { ...none, kind: "withdrawal", amount: -121.2, balance_after: 104.3, withdrawal_id: withdrawalId },
      { ...none, kind: "top_up", amount: 25.5, balance_after: 225.5, top_up_id: topUpId },
      { ...none, kind: "refund", amount: 50, balance_after: 200, deal_id: refundedDeal.id, product: returned },
      { ...none, kind: "purchase", amount: -50, balance_after: 150, deal_id: refundedDeal.id, product: returned },
      { ...none, kind: "purchase", amount: -100, balance_after: 200, deal_id: keptDeal.id, product: kept },
      { ...none, kind: "adjustment", amount: 300, balance_after: 300 },
    ]);
    expectConsistentBalances(page.entries);
    expect((await walletOf(buyer)).available).toBe(page.entries[0]!.balance_after);
    expect(new Set(page.entries.map((entry) => entry.id)).size).toBe(7);
    for (const entry of page.entries) expect(Date.parse(entry.created_at)).not.toBeNaN();
  });

  it("shows the seller their sale and the commission taken from it, and none of the buyer's movements", async () => {
    const page = await statementOf(seller);
    expect(page.total).toBe(2);
    const ofTheDeal = { deal_id: keptDeal.id, product: kept, top_up_id: null, withdrawal_id: null };
    expect(page.entries).toEqual([
      expect.objectContaining({ kind: "commission", amount: -5, balance_after: 95, ...ofTheDeal }),
      expect.objectContaining({ kind: "sale", amount: 100, balance_after: 100, ...ofTheDeal }),
    ]);
  });

  it("pages newest first: the pages together are the whole statement, a page past the end is empty", async () => {
    const whole = (await statementOf(buyer, "?per_page=50")).entries;
    const pages = await Promise.all([1, 2, 3].map((page) => statementOf(buyer, `?per_page=3&page=${page}`)));
    expect(pages.map((page) => [page.page, page.total, page.total_pages, page.entries.length])).toEqual([
      [1, 7, 3, 3],
      [2, 7, 3, 3],
      [3, 7, 3, 1],
    ]);
    expect(pages.flatMap((page) => page.entries)).toEqual(whole);
    const past = await statementOf(buyer, "?per_page=3&page=4");
    expect([past.entries, past.total, past.total_pages]).toEqual([[], 7, 3]);
  });

  it("answers an empty statement to a user whose money never moved", async () => {
    expect(await statementOf(await person())).toEqual({ entries: [], total: 0, total_pages: 0, page: 1 });
  });

  it("refuses a bad page with a validation error and guests with 401", async () => {
    for (const query of ["?page=0", "?per_page=0", "?per_page=1000", "?page=abc"]) {
      const response = await buyer.client.get(`/v1/wallet/statement${query}`);
      expect(response.statusCode, query).toBe(422);
    }
    const guest = new TestClient(t.app);
    for (const path of ["/v1/wallet", "/v1/wallet/statement"]) {
      const response = await guest.get(path);
      expect(response.statusCode, path).toBe(401);
      expect((response.json() as { detail: { error_code: string } }).detail.error_code).toBe("TOKEN_NOT_FOUND");
    }
  });

  it("answers each page from one posting order while purchases post at the same time", async () => {
    const spender = await person();
    await adjustBalanceAs(admin.client, spender.user.id, 1_000);
    const products = await Promise.all(
      Array.from({ length: 8 }, () =>
        createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks: 10_00 }),
      ),
    );
    const [purchases, readings] = await Promise.all([
      Promise.all(products.map((product) => buyAs(t, spender.client, product.id))),
      Promise.all(Array.from({ length: 8 }, () => statementOf(spender, "?per_page=50"))),
    ]);
    expect(purchases.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    for (const reading of readings) expectConsistentBalances(reading.entries);
    const final = await statementOf(spender, "?per_page=50");
    expect(final.total).toBe(9);
    expectConsistentBalances(final.entries);
    expect(final.entries[0]!.balance_after).toBe(920);
  });
});
