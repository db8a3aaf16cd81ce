import type { DashboardInfo, PurchaseResult } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import { adjustBalanceAs, buyAs } from "../../test/test-money.js";
import { testPeople } from "../../test/test-people.js";
import {
  creditTestTopUp,
  payTestWithdrawal,
  requestTestWithdrawal,
  returnTestWithdrawal,
} from "../../test/test-wallet-postings.js";

let t: TestApp;
const { person } = testPeople("dashmoney", () => t);

beforeAll(async () => {
  t = await createTestApp({ commissionPercent: 5 });
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

describe("the admin dashboard's money", () => {
  it("counts the week's top-ups and payouts, the commission kept, escrow and the withdrawals waiting", async () => {
    const db = t.database.db;
    const admin = await person("admin");
    const buyer = await person();
    const seller = await person();
    const game = await createTestGame(db);
    const weekAgo = new Date(Date.now() - 8 * DAY_MS);

    // Money in: an admin's adjustment is no top-up; a top-up credited eight days ago is outside the week.
    await adjustBalanceAs(admin.client, buyer.user.id, 1_000);
    await creditTestTopUp(db, buyer.user.id, 200_00);
    await creditTestTopUp(db, buyer.user.id, 30_50);
    await creditTestTopUp(db, buyer.user.id, 300_00, weekAgo);

    // Deals: a 100 ₽ one confirmed (5 ₽ commission), a 40 ₽ one still in escrow, a 60 ₽ one refunded.
    const product = (priceKopecks: number) =>
      createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, priceKopecks });
    const [confirmed, open, refunded] = await Promise.all([product(100_00), product(40_00), product(60_00)]);
    const dealIds: string[] = [];
    for (const { id } of [confirmed, open, refunded]) {
      const bought = await buyAs(t, buyer.client, id);
      expect(bought.statusCode, bought.body).toBe(200);
      dealIds.push((bought.json() as PurchaseResult).deal.id);
    }
    const receipt = await buyer.client.request("PATCH", "/v1/products/confirm-receipt", { product_id: confirmed.id });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const disputed = dealIds[2]!;
    const report = await buyer.client.post(`/v1/deals/${disputed}/dispute`, { reason: "other", text: "Not as said" });
    expect(report.statusCode, report.body).toBe(200);
    const resolved = await admin.client.post(`/v1/admin/deals/${disputed}/resolve`, { resolution: "refund" });
    expect(resolved.statusCode, resolved.body).toBe(200);

    // Money out: paid by hand and by a provider payout this week (fees 2 ₽ and 0.50 ₽), one paid eight days ago,
    // one rejected, and two waiting (one of them with a fee).
    const paidByHand = await requestTestWithdrawal(db, buyer.user.id, { amountKopecks: 150_00, feeKopecks: 2_00 });
    await payTestWithdrawal(db, paidByHand, { by: "hand" });
    const paidByProvider = await requestTestWithdrawal(db, buyer.user.id, { amountKopecks: 50_00, feeKopecks: 50 });
    await payTestWithdrawal(db, paidByProvider, { by: "provider" });
    const paidLongAgo = await requestTestWithdrawal(db, buyer.user.id, { amountKopecks: 70_00, at: weekAgo });
    await payTestWithdrawal(db, paidLongAgo, { by: "provider", at: weekAgo });
    await returnTestWithdrawal(db, await requestTestWithdrawal(db, buyer.user.id, { amountKopecks: 90_00 }));
    await requestTestWithdrawal(db, buyer.user.id, { amountKopecks: 110_00, feeKopecks: 1_10 });
    await requestTestWithdrawal(db, seller.user.id, { amountKopecks: 20_00 });

    const response = await admin.client.get("/v1/admin/dashboard-info");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json() as DashboardInfo).toMatchObject({
      deals_last_7_days: 3,
      turnover_last_7_days: 200,
      top_ups_last_7_days: 230.5,
      payouts_last_7_days: 200,
      // The confirmed deal's 5 ₽ and every withdrawal fee ever paid (2 ₽ and 0.50 ₽); not the waiting one's.
      commission_earned: 7.5,
      held_in_escrow: 40,
      pending_withdrawals: 131.1,
      withdrawals_waiting: 2,
    });
  });
});
