import type { TopUp } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeYookassaPayouts, type FakeYookassaPayouts } from "../../test/fake-yookassa-payouts.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { adjustBalanceAs } from "../../test/test-money.js";
import { eventsOf, notificationsOf } from "../../test/test-notifications.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { topUpAs } from "../../test/test-wallet.js";
import { testPayments, withdrawn } from "../../test/test-withdrawals.js";

/*
 * Money in and out: a top-up credited, a withdrawal paid or rejected (by an admin, or by ЮKassa's payout), each
 * told to its user in the transaction that moved the money. A payment declined or a withdrawal the user cancels
 * themself tells nothing.
 */

let t: TestApp;
let withPayouts: TestApp;
let yookassa: FakeYookassaPayouts;
const people = testPeople("nm", () => t);
const payoutPeople = testPeople("nmp", () => withPayouts);

beforeAll(async () => {
  yookassa = await startFakeYookassaPayouts();
  t = await createTestApp({ payments: testPayments() });
  withPayouts = await createTestApp({
    payments: testPayments({ payouts: yookassa.gateway }),
    // Payouts are settled by the approval's answer here, never by the re-check job.
    sweepIntervalMs: 24 * 3_600_000,
  });
});
afterAll(async () => {
  await t.close();
  await withPayouts.close();
  await yookassa.close();
});

/** The built-in test checkout's button for the top-up's payment. */
async function press(topUp: TopUp, action: "pay" | "decline"): Promise<void> {
  const paymentId = new URL(topUp.confirmation_url!).pathname.split("/").at(-1)!;
  const response = await t.app.inject({ method: "POST", url: `/v1/payments/test/${paymentId}/${action}` });
  expect(response.statusCode, response.body).toBe(200);
}

async function startTopUp(who: Person, amount: number): Promise<TopUp> {
  const response = await topUpAs(t, who.client, { amount });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TopUp;
}

/** A user with 1,000 ₽ who asked to withdraw `amount`, on the app of `group`. */
async function withdrawing(group: typeof people, amount: number) {
  const admin = await group.person("admin");
  const user = await group.person();
  await adjustBalanceAs(admin.client, user.user.id, 1000);
  return { admin, user, withdrawal: await withdrawn(user.client, amount) };
}

describe("top-ups", () => {
  it("tell the user what was credited once the payment succeeded, and nothing of a declined one", async () => {
    const payer = await people.person();
    const declined = await startTopUp(payer, 300);
    await press(declined, "decline");
    expect(await notificationsOf(payer.client)).toEqual([]);

    const paid = await startTopUp(payer, 500);
    await press(paid, "pay");
    await press(paid, "pay");
    expect(await notificationsOf(payer.client)).toMatchObject([
      { event: "top_up_credited", params: { top_up_id: paid.id, amount: 500 }, link: "/wallet", read: false },
    ]);
  });
});

describe("withdrawals decided by an admin", () => {
  it("tell the user it was paid, or why it was rejected", async () => {
    const paid = await withdrawing(people, 200);
    const approve = await paid.admin.client.post(`/v1/admin/withdrawals/${paid.withdrawal.id}/approve`, {
      payout_reference: "BANK-2030-0001",
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(await notificationsOf(paid.user.client)).toMatchObject([
      { event: "withdrawal_paid", params: { withdrawal_id: paid.withdrawal.id, amount: 200 }, link: "/wallet" },
    ]);

    const rejected = await withdrawing(people, 150);
    const reject = await rejected.admin.client.post(`/v1/admin/withdrawals/${rejected.withdrawal.id}/reject`, {
      reason: "The card belongs to someone else",
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await notificationsOf(rejected.user.client)).toMatchObject([
      {
        event: "withdrawal_rejected",
        params: { withdrawal_id: rejected.withdrawal.id, amount: 150, reason: "The card belongs to someone else" },
      },
    ]);
    expect(await notificationsOf(rejected.admin.client)).toEqual([]);
  });

  it("tell nothing of a withdrawal the user canceled themself", async () => {
    const { user, withdrawal } = await withdrawing(people, 120);
    const canceled = await user.client.request("DELETE", `/v1/wallet/withdrawals/${withdrawal.id}`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await notificationsOf(user.client)).toEqual([]);
  });
});

describe("withdrawals paid through ЮKassa payouts", () => {
  it("tell the user of the payout that succeeded, and of the one the provider canceled with its reason", async () => {
    yookassa.outcome = { status: "succeeded" };
    const paid = await withdrawing(payoutPeople, 200);
    const approve = await paid.admin.client.post(`/v1/admin/withdrawals/${paid.withdrawal.id}/approve`, {});
    expect(approve.statusCode, approve.body).toBe(200);
    expect(await eventsOf(paid.user.client, "withdrawal_paid")).toMatchObject([
      { params: { withdrawal_id: paid.withdrawal.id, amount: 200 } },
    ]);

    yookassa.outcome = { status: "canceled", reason: "rejected_by_payee" };
    const failed = await withdrawing(payoutPeople, 100);
    const refused = await failed.admin.client.post(`/v1/admin/withdrawals/${failed.withdrawal.id}/approve`, {});
    expect(refused.json()).toMatchObject({ status: "rejected" });
    expect(await eventsOf(failed.user.client, "withdrawal_rejected")).toMatchObject([
      {
        params: {
          withdrawal_id: failed.withdrawal.id,
          amount: 100,
          reason: expect.stringContaining("rejected_by_payee"),
        },
      },
    ]);
    expect(await eventsOf(failed.user.client, "withdrawal_paid")).toEqual([]);
  });
});
