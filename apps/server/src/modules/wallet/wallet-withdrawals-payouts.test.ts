import type { AdminWithdrawal, Withdrawal } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withdrawals } from "../../db/schema/wallet.js";
import { startFakeYookassaPayouts, type FakeYookassaPayouts } from "../../test/fake-yookassa-payouts.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestClock } from "../../test/test-clock.js";
import { adjustBalanceAs, balanceOf, failure } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { testPayments, withdrawalPostings, withdrawAs, withdrawn } from "../../test/test-withdrawals.js";
import { PAYOUT_RECHECK_MS } from "./wallet-withdrawals.service.js";

const clock = createTestClock();
let t: TestApp;
let yookassa: FakeYookassaPayouts;
let admin: Person;
let otherAdmin: Person;
const { person } = testPeople("payout", () => t);

beforeAll(async () => {
  yookassa = await startFakeYookassaPayouts();
  // Moving the clock past PAYOUT_RECHECK_MS makes a payout due, and the app's recurring re-check job with it.
  t = await createTestApp(
    { payments: testPayments({ payouts: yookassa.gateway, payoutFeePercent: 2 }) },
    { clock: clock.now },
  );
  admin = await person("admin");
  otherAdmin = await person("admin");
});
afterEach(() => {
  yookassa.outcome = { status: "succeeded" };
  yookassa.server.mode = "up";
  yookassa.failAfterCreate = false;
});
afterAll(async () => {
  await t.close();
  await yookassa.close();
});

async function sellerWithWithdrawal(
  amount = 200,
  destination: Parameters<typeof withdrawn>[2] = {},
): Promise<{ seller: Person; withdrawal: Withdrawal }> {
  const seller = await person();
  await adjustBalanceAs(admin.client, seller.user.id, 1000);
  return { seller, withdrawal: await withdrawn(seller.client, amount, destination) };
}

/** ЮKassa's notification of a payout event, as it posts it to our URL: the payout as it stands now. */
async function notify(event: string, payoutId: string): Promise<void> {
  const response = await t.app.inject({
    method: "POST",
    url: "/v1/payments/yookassa/notifications",
    payload: yookassa.server.notificationBody(event, yookassa.payouts.get(payoutId)),
  });
  expect(response.statusCode, response.body).toBe(200);
}

const approve = (who: Person, id: string) => who.client.post(`/v1/admin/withdrawals/${id}/approve`, {});

async function statusOf(id: string): Promise<string> {
  const [row] = await t.database.db
    .select({ status: withdrawals.status })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  return row!.status;
}

/** The payout ЮKassa holds for a withdrawal (one at most, whatever was sent). */
function payoutOf(withdrawalId: string) {
  const made = [...yookassa.payouts.values()].filter((payout) => payout.metadata.withdrawal_id === withdrawalId);
  expect(made).toHaveLength(1);
  return made[0]!;
}

describe("approving through ЮKassa payouts", () => {
  it("sends the payout with the withdrawal as its Idempotence-Key and settles a payout that succeeded at once", async () => {
    const { seller, withdrawal } = await sellerWithWithdrawal(200);
    const withReference = await admin.client.post(`/v1/admin/withdrawals/${withdrawal.id}/approve`, {
      payout_reference: "by hand",
    });
    expect(withReference.json().detail.errors).toEqual([expect.objectContaining({ field: "payout_reference" })]);

    const approved = await approve(admin, withdrawal.id);
    expect(approved.statusCode, approved.body).toBe(200);
    const payout = payoutOf(withdrawal.id);
    expect(approved.json()).toMatchObject({
      status: "paid",
      payout_reference: payout.id,
      provider_payout: true,
    } satisfies Partial<AdminWithdrawal>);
    expect(yookassa.createCalls(withdrawal.id)).toBe(1);
    expect(payout).toMatchObject({
      amount: { value: "200.00", currency: "RUB" },
      payout_destination: { type: "bank_card", card: { number: "4242424242424242" } },
      description: `Lootlane withdrawal ${withdrawal.id}`,
      metadata: { withdrawal_id: withdrawal.id },
    });
    expect((await withdrawalPostings(t.database.db, withdrawal.id)).withdrawal_paid).toEqual([
      ["user_held", -204_00],
      ["provider_clearing", 200_00],
      ["platform_fees", 4_00],
    ]);
    expect(await balanceOf(seller.client)).toBe(796);
  });

  it("waits in processing for a pending payout, which the notification settles once however often it comes", async () => {
    yookassa.outcome = { status: "pending" };
    const { seller, withdrawal } = await sellerWithWithdrawal(300);
    const approved = await approve(admin, withdrawal.id);
    expect(approved.json()).toMatchObject({ status: "processing", payout_reference: null });
    expect(failure(await seller.client.request("DELETE", `/v1/wallet/withdrawals/${withdrawal.id}`))).toEqual([
      409,
      "WITHDRAWAL_NOT_PENDING",
    ]);
    const payout = payoutOf(withdrawal.id);
    // A notification for a payout the API still calls pending changes nothing.
    await notify("payout.succeeded", payout.id);
    expect(await statusOf(withdrawal.id)).toBe("processing");

    yookassa.settle(payout.id, "succeeded");
    await Promise.all([1, 2, 3].map(() => notify("payout.succeeded", payout.id)));
    expect(await statusOf(withdrawal.id)).toBe("paid");
    expect(Object.keys(await withdrawalPostings(t.database.db, withdrawal.id))).toEqual([
      "withdrawal",
      "withdrawal_paid",
    ]);
    expect(await balanceOf(seller.client)).toBe(694);
  });

  it("settles a pending payout through the re-check job when no notification comes", async () => {
    yookassa.outcome = { status: "pending" };
    const { withdrawal } = await sellerWithWithdrawal(150);
    expect((await approve(admin, withdrawal.id)).json()).toMatchObject({ status: "processing" });
    yookassa.settle(payoutOf(withdrawal.id).id, "succeeded");
    clock.advance(PAYOUT_RECHECK_MS);
    await t.app.jobs.runDue();
    expect(await statusOf(withdrawal.id)).toBe("paid");
  });

  it("returns the money with the provider's reason when the payout is canceled", async () => {
    yookassa.outcome = { status: "canceled", reason: "rejected_by_payee" };
    const { seller, withdrawal } = await sellerWithWithdrawal(100);
    const approved = await approve(admin, withdrawal.id);
    expect(approved.json()).toMatchObject({ status: "rejected", reason: expect.stringContaining("rejected_by_payee") });
    expect(await balanceOf(seller.client)).toBe(1000);
    expect(Object.keys(await withdrawalPostings(t.database.db, withdrawal.id))).toEqual([
      "withdrawal",
      "withdrawal_returned",
    ]);
  });

  it("keeps a payout the provider did not answer in processing, and sending it again makes no second payout", async () => {
    const { seller, withdrawal } = await sellerWithWithdrawal(250);
    yookassa.server.mode = "down";
    expect(failure(await approve(admin, withdrawal.id))).toEqual([502, "PAYMENT_PROVIDER_UNAVAILABLE"]);
    expect(await statusOf(withdrawal.id)).toBe("processing");
    // Whether a payout left is unknown, so the money cannot go back to the balance meanwhile.
    expect(failure(await seller.client.request("DELETE", `/v1/wallet/withdrawals/${withdrawal.id}`))[1]).toBe(
      "WITHDRAWAL_NOT_PENDING",
    );
    expect(
      failure(await otherAdmin.client.post(`/v1/admin/withdrawals/${withdrawal.id}/reject`, { reason: "x" }))[1],
    ).toBe("WITHDRAWAL_NOT_PENDING");

    // ЮKassa made the payout this time, but its answer was lost on the way.
    yookassa.server.mode = "up";
    yookassa.failAfterCreate = true;
    expect(failure(await approve(admin, withdrawal.id))).toEqual([502, "PAYMENT_PROVIDER_UNAVAILABLE"]);
    yookassa.failAfterCreate = false;
    const approved = await approve(admin, withdrawal.id);
    expect(approved.json()).toMatchObject({ status: "paid" });
    payoutOf(withdrawal.id);
    expect(yookassa.createCalls(withdrawal.id)).toBe(3);
    expect(await balanceOf(seller.client)).toBe(745);
  });

  it("lets the re-check job send again a payout whose creation was never answered", async () => {
    const { withdrawal } = await sellerWithWithdrawal(120);
    yookassa.failAfterCreate = true;
    expect(failure(await approve(admin, withdrawal.id))).toEqual([502, "PAYMENT_PROVIDER_UNAVAILABLE"]);
    yookassa.failAfterCreate = false;
    clock.advance(PAYOUT_RECHECK_MS);
    await t.app.jobs.runDue();
    expect(await statusOf(withdrawal.id)).toBe("paid");
    payoutOf(withdrawal.id);
  });

  it("makes one payout and one decision when two admins approve at once", async () => {
    yookassa.outcome = { status: "pending" };
    const { withdrawal } = await sellerWithWithdrawal(180);
    const answers = await Promise.all([approve(admin, withdrawal.id), approve(otherAdmin, withdrawal.id)]);
    for (const answer of answers.filter((one) => one.statusCode !== 200))
      expect(failure(answer)).toEqual([409, "WITHDRAWAL_NOT_PENDING"]);
    const payout = payoutOf(withdrawal.id);
    yookassa.settle(payout.id, "succeeded");
    await notify("payout.succeeded", payout.id);
    expect(Object.keys(await withdrawalPostings(t.database.db, withdrawal.id))).toEqual([
      "withdrawal",
      "withdrawal_paid",
    ]);
    const log = (
      await admin.client.get(`/v1/admin/audit-log?target_type=withdrawal&target_id=${withdrawal.id}`)
    ).json();
    expect(log.entries.map((entry: { action: string }) => entry.action)).toEqual(["withdrawal.approve"]);
  });
});

describe("SBP and ЮMoney payouts", () => {
  it("lists ЮKassa's SBP banks and needs one of them for an SBP withdrawal", async () => {
    const seller = await person();
    await adjustBalanceAs(admin.client, seller.user.id, 1000);
    expect((await seller.client.get("/v1/wallet/sbp-banks")).json()).toEqual([
      { bank_id: "100000000111", name: "Сбербанк" },
      { bank_id: "100000000004", name: "Т-Банк" },
    ]);
    const phone = { method: "sbp", destination: "+7 912 345-67-89" };
    for (const bankId of [undefined, "999"]) {
      const refused = await withdrawAs(seller.client, 100, { ...phone, ...(bankId ? { bank_id: bankId } : {}) });
      expect(refused.json().detail.errors).toEqual([expect.objectContaining({ field: "bank_id" })]);
    }
    const withdrawal = await withdrawn(seller.client, 100, { ...phone, bank_id: "100000000004" });
    expect((await approve(admin, withdrawal.id)).json()).toMatchObject({ status: "paid" });
    expect(payoutOf(withdrawal.id).payout_destination).toEqual({
      type: "sbp",
      phone: "79123456789",
      bank_id: "100000000004",
    });
  });

  it("pays a ЮMoney wallet by its account number", async () => {
    const { withdrawal } = await sellerWithWithdrawal(100, { method: "yoomoney", destination: "4100 1234 5678 901" });
    expect((await approve(admin, withdrawal.id)).json()).toMatchObject({ status: "paid" });
    expect(payoutOf(withdrawal.id).payout_destination).toEqual({
      type: "yoo_money",
      account_number: "410012345678901",
    });
  });
});
