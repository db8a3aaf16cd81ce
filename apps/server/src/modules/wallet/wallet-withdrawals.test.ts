import {
  WALLET_CHANGED_EVENT,
  type AdminWithdrawal,
  type AdminWithdrawalPage,
  type AuditLogPage,
  type WithdrawalPage,
} from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.js";
import { withdrawals } from "../../db/schema/wallet.js";
import { createDataCipher } from "../../platform/crypto/data-cipher.js";
import { listenOnFreePort, nextEvent } from "../../test/test-chats.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { adjustBalanceAs, balanceOf, failure } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { testPayments, withdrawalPostings, withdrawAs, withdrawn, TEST_CARD } from "../../test/test-withdrawals.js";
import { withdrawalFeeKopecks } from "./wallet-withdrawals.service.js";

let t: TestApp;
let admin: Person;
let otherAdmin: Person;
const { person, connect, closeSockets } = testPeople("wd", () => t);

beforeAll(async () => {
  // A fee of 1.5 %, so amounts in whole roubles still leave a fraction of a kopeck to round.
  t = await createTestApp({ payments: testPayments({ payoutFeePercent: 1.5, payoutMinKopecks: 100_00 }) });
  await listenOnFreePort(t.app);
  admin = await person("admin");
  otherAdmin = await person("admin");
});
afterEach(closeSockets);
afterAll(() => t.close());

async function userWith(balance: number): Promise<Person> {
  const user = await person();
  await adjustBalanceAs(admin.client, user.user.id, balance);
  return user;
}

describe("POST /v1/wallet/withdrawals", () => {
  it("moves the amount and its fee (rounded up to a kopeck) to held at once, the destination stored encrypted", async () => {
    const seller = await userWith(1000);
    const withdrawal = await withdrawn(seller.client, 101);
    // 1.5 % of 101 ₽ is 151.5 kopecks, rounded up to 1.52 ₽.
    expect(withdrawal).toMatchObject({
      amount: 101,
      fee: 1.52,
      method: "card",
      destination: "•••• 4242",
      status: "pending",
      payout_reference: null,
      reason: null,
      decided_at: null,
    });
    expect(await balanceOf(seller.client)).toBe(897.48);
    expect(await withdrawalPostings(t.database.db, withdrawal.id)).toEqual({
      withdrawal: [
        ["user_available", -102_52],
        ["user_held", 102_52],
      ],
    });
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    expect(row!.destinationEncrypted).not.toContain("4242");
    expect(createDataCipher(t.config.dataKey).decrypt(row!.destinationEncrypted)).toBe("4242424242424242");
  });

  it("rounds the fee up only past a whole kopeck, never for binary floating-point noise", () => {
    expect(withdrawalFeeKopecks(100_00, 1.1)).toBe(110);
    expect(withdrawalFeeKopecks(101_00, 1.5)).toBe(152);
    expect(withdrawalFeeKopecks(100_00, 0)).toBe(0);
    expect(withdrawalFeeKopecks(333_00, 0.1)).toBe(34);
  });

  it("refuses an amount under PAYOUT_MIN and a destination that does not check out, on their fields", async () => {
    const seller = await userWith(1000);
    const small = await withdrawAs(seller.client, 99);
    expect(failure(small)).toEqual([422, "VALIDATION_ERROR"]);
    expect(small.json().detail.errors).toEqual([{ field: "amount", message: expect.stringContaining("100") }]);
    const typo = await withdrawAs(seller.client, 100, { destination: "4242 4242 4242 4241" });
    expect(typo.json().detail.errors).toEqual([expect.objectContaining({ field: "destination" })]);
    const phone = await withdrawAs(seller.client, 100, { method: "sbp", destination: "12345" });
    expect(phone.json().detail.errors).toEqual([expect.objectContaining({ field: "destination" })]);
    expect(await balanceOf(seller.client)).toBe(1000);
  });

  it("refuses a short balance, a frozen balance and a banned user, and leaves nothing behind", async () => {
    const seller = await userWith(100);
    // 100 ₽ plus the 1.5 ₽ fee is more than the 100 ₽ there.
    expect(failure(await withdrawAs(seller.client, 100))).toEqual([409, "NOT_ENOUGH_BALANCE"]);
    await t.database.db.update(users).set({ hasFrozenBalance: true }).where(eq(users.id, seller.user.id));
    expect(failure(await withdrawAs(seller.client, 100))).toEqual([403, "BALANCE_IS_FROZEN"]);
    await t.database.db
      .update(users)
      .set({ hasFrozenBalance: false, isBanned: true })
      .where(eq(users.id, seller.user.id));
    expect(failure(await withdrawAs(seller.client, 100))).toEqual([403, "USER_IS_BANNED"]);
    await t.database.db.update(users).set({ isBanned: false }).where(eq(users.id, seller.user.id));
    expect(await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, seller.user.id))).toEqual([]);
    expect(await balanceOf(seller.client)).toBe(100);
    expect(failure(await t.app.inject({ method: "GET", url: "/v1/wallet/withdrawals" }))[0]).toBe(401);
  });

  it("lets exactly one of 20 concurrent withdrawals of 60 % of the balance through", async () => {
    const seller = await userWith(1000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdrawAs(seller.client, 600)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode !== 200).map(failure)).toEqual(
      Array.from({ length: 19 }, () => [409, "NOT_ENOUGH_BALANCE"]),
    );
    // 600 ₽ and its 9 ₽ fee held; nothing else moved.
    expect(await balanceOf(seller.client)).toBe(391);
    expect(await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, seller.user.id))).toHaveLength(
      1,
    );
  });
});

describe("GET and DELETE /v1/wallet/withdrawals", () => {
  it("lists the user's own withdrawals newest first, masked, and nobody else's", async () => {
    const seller = await userWith(1000);
    const stranger = await userWith(1000);
    const first = await withdrawn(seller.client, 100, { method: "sbp", destination: "8 (912) 345-67-89" });
    const second = await withdrawn(seller.client, 200, { method: "yoomoney", destination: "4100 1234 5678 901" });
    await withdrawn(stranger.client, 100);

    const page = (await seller.client.get("/v1/wallet/withdrawals?per_page=1")).json() as WithdrawalPage;
    expect([page.total, page.total_pages, page.page]).toEqual([2, 2, 1]);
    expect(page.withdrawals.map((one) => one.id)).toEqual([second.id]);
    const next = (await seller.client.get("/v1/wallet/withdrawals?page=2&per_page=1")).json() as WithdrawalPage;
    expect(next.withdrawals).toEqual([{ ...first, destination: "+7 ••• •••-67-89" }]);
    expect(page.withdrawals[0]!.destination).toBe("•••• 8901");
    expect(JSON.stringify([page, next])).not.toContain("9123456789");
  });

  it("cancels one still waiting with the money back; a decided one or someone else's cannot be", async () => {
    const seller = await userWith(500);
    const stranger = await person();
    const withdrawal = await withdrawn(seller.client, 200);
    expect(failure(await stranger.client.request("DELETE", `/v1/wallet/withdrawals/${withdrawal.id}`))).toEqual([
      404,
      "WITHDRAWAL_NOT_FOUND",
    ]);
    const canceled = await seller.client.request("DELETE", `/v1/wallet/withdrawals/${withdrawal.id}`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ id: withdrawal.id, status: "canceled", decided_at: expect.any(String) });
    expect(await balanceOf(seller.client)).toBe(500);
    expect(failure(await seller.client.request("DELETE", `/v1/wallet/withdrawals/${withdrawal.id}`))).toEqual([
      409,
      "WITHDRAWAL_NOT_PENDING",
    ]);
    expect((await withdrawalPostings(t.database.db, withdrawal.id)).withdrawal_returned).toEqual([
      ["user_held", -203_00],
      ["user_available", 203_00],
    ]);
    expect(failure(await seller.client.request("DELETE", `/v1/wallet/withdrawals/${crypto.randomUUID()}`))).toEqual([
      404,
      "WITHDRAWAL_NOT_FOUND",
    ]);
  });

  it("answers no SBP banks when payouts are made by hand", async () => {
    const seller = await person();
    expect((await seller.client.get("/v1/wallet/sbp-banks")).json()).toEqual([]);
  });
});

describe("the admin's withdrawals", () => {
  it("are for admins only", async () => {
    const seller = await userWith(500);
    const withdrawal = await withdrawn(seller.client, 100);
    for (const [method, url] of [
      ["GET", "/v1/admin/withdrawals"],
      ["GET", `/v1/admin/withdrawals/${withdrawal.id}/destination`],
      ["POST", `/v1/admin/withdrawals/${withdrawal.id}/approve`],
      ["POST", `/v1/admin/withdrawals/${withdrawal.id}/reject`],
    ] as const)
      expect(failure(await seller.client.request(method, url, method === "POST" ? {} : undefined))).toEqual([
        403,
        "INSUFFICIENT_PERMISSIONS",
      ]);
  });

  it("lists the waiting oldest first and any other view newest first, masked", async () => {
    const seller = await userWith(2000);
    const older = await withdrawn(seller.client, 100);
    const newer = await withdrawn(seller.client, 150);
    const pending = (
      await admin.client.get("/v1/admin/withdrawals?status=pending&per_page=100")
    ).json() as AdminWithdrawalPage;
    const mine = pending.withdrawals.filter((one) => one.user.id === seller.user.id);
    expect(mine.map((one) => one.id)).toEqual([older.id, newer.id]);
    expect(mine[0]).toEqual({
      ...older,
      user: { id: seller.user.id, username: seller.user.username },
      provider_payout: false,
    });
    const all = (await admin.client.get("/v1/admin/withdrawals?per_page=100")).json() as AdminWithdrawalPage;
    const ids = all.withdrawals.map((one) => one.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(JSON.stringify(all)).not.toContain("4242424242424242");
  });

  it("shows the full destination only through the audited call", async () => {
    const seller = await userWith(500);
    const withdrawal = await withdrawn(seller.client, 100, { method: "sbp", destination: "+7 912 345-67-89" });
    const revealed = await admin.client.get(`/v1/admin/withdrawals/${withdrawal.id}/destination`);
    expect(revealed.json()).toEqual({ method: "sbp", destination: "+79123456789", bank_id: null });
    const log = (
      await admin.client.get(`/v1/admin/audit-log?target_type=withdrawal&target_id=${withdrawal.id}`)
    ).json() as AuditLogPage;
    expect(log.entries.map((entry) => [entry.action, entry.admin.id, entry.after])).toEqual([
      ["withdrawal.reveal_destination", admin.user.id, { method: "sbp", destination: "+7 ••• •••-67-89" }],
    ]);
    expect(failure(await admin.client.get(`/v1/admin/withdrawals/${crypto.randomUUID()}/destination`))).toEqual([
      404,
      "WITHDRAWAL_NOT_FOUND",
    ]);
  });

  it("approves a withdrawal paid by hand with its reference: held money out, fee to the platform, user told", async () => {
    const seller = await userWith(500);
    const socket = await connect(seller);
    const withdrawal = await withdrawn(seller.client, 200);
    const url = `/v1/admin/withdrawals/${withdrawal.id}/approve`;
    const bare = await admin.client.post(url, {});
    expect(bare.json().detail.errors).toEqual([expect.objectContaining({ field: "payout_reference" })]);

    const told = nextEvent(socket, WALLET_CHANGED_EVENT, (payload) => payload.withdrawal_id === withdrawal.id);
    const approved = await admin.client.post(url, { payout_reference: "SBER-2026-0001" });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      id: withdrawal.id,
      status: "paid",
      payout_reference: "SBER-2026-0001",
      decided_at: expect.any(String),
      provider_payout: false,
    } satisfies Partial<AdminWithdrawal>);
    await told;
    expect(await withdrawalPostings(t.database.db, withdrawal.id)).toEqual({
      withdrawal: [
        ["user_available", -203_00],
        ["user_held", 203_00],
      ],
      withdrawal_paid: [
        ["user_held", -203_00],
        ["external", 200_00],
        ["platform_fees", 3_00],
      ],
    });
    expect(await balanceOf(seller.client)).toBe(297);
    expect(failure(await admin.client.post(url, { payout_reference: "again" }))).toEqual([
      409,
      "WITHDRAWAL_NOT_PENDING",
    ]);
    expect(failure(await seller.client.request("DELETE", `/v1/wallet/withdrawals/${withdrawal.id}`))).toEqual([
      409,
      "WITHDRAWAL_NOT_PENDING",
    ]);
    const mine = (await seller.client.get("/v1/wallet/withdrawals")).json() as WithdrawalPage;
    expect(mine.withdrawals[0]).toMatchObject({ status: "paid", payout_reference: "SBER-2026-0001" });
  });

  it("rejects with a reason the user reads and the money back on the balance", async () => {
    const seller = await userWith(500);
    const withdrawal = await withdrawn(seller.client, 100);
    const url = `/v1/admin/withdrawals/${withdrawal.id}/reject`;
    expect((await admin.client.post(url, {})).json().detail.errors).toEqual([
      expect.objectContaining({ field: "reason" }),
    ]);
    const rejected = await admin.client.post(url, { reason: "The card is not in your name" });
    expect(rejected.json()).toMatchObject({ status: "rejected", reason: "The card is not in your name" });
    expect(await balanceOf(seller.client)).toBe(500);
    expect((await withdrawalPostings(t.database.db, withdrawal.id)).withdrawal_returned).toEqual([
      ["user_held", -101_50],
      ["user_available", 101_50],
    ]);
    expect(failure(await admin.client.post(url, { reason: "again" }))).toEqual([409, "WITHDRAWAL_NOT_PENDING"]);
    const log = (
      await admin.client.get(`/v1/admin/audit-log?target_type=withdrawal&target_id=${withdrawal.id}`)
    ).json() as AuditLogPage;
    expect(log.entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      [
        "withdrawal.reject",
        { status: "pending" },
        { status: "rejected", payout_reference: null, reason: "The card is not in your name" },
      ],
    ]);
  });

  it("takes exactly one of two admins deciding at once, and the user's cancel racing them, moving money once", async () => {
    for (let round = 0; round < 5; round += 1) {
      const seller = await userWith(500);
      const withdrawal = await withdrawn(seller.client, 100, { destination: TEST_CARD });
      const base = `/v1/admin/withdrawals/${withdrawal.id}`;
      const answers = await Promise.all([
        admin.client.post(`${base}/approve`, { payout_reference: `REF-${round}` }),
        otherAdmin.client.post(`${base}/reject`, { reason: "Duplicate" }),
        seller.client.request("DELETE", `/v1/wallet/withdrawals/${withdrawal.id}`),
      ]);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.statusCode !== 200).map(failure)).toEqual([
        [409, "WITHDRAWAL_NOT_PENDING"],
        [409, "WITHDRAWAL_NOT_PENDING"],
      ]);
      const postings = await withdrawalPostings(t.database.db, withdrawal.id);
      expect(Object.keys(postings)).toHaveLength(2);
      expect(await balanceOf(seller.client)).toBe(answers[0]!.statusCode === 200 ? 398.5 : 500);
    }
  });
});
