import { Writable } from "node:stream";
import { WALLET_CHANGED_EVENT, type TestPayment, type TopUp, type WalletChanged } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ledgerTransactions } from "../../db/schema/ledger.js";
import { topUps } from "../../db/schema/wallet.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { listenOnFreePort, nextEvent } from "../../test/test-chats.js";
import type { TestClient } from "../../test/test-client.js";
import { createTestClock } from "../../test/test-clock.js";
import { balanceOf, failure } from "../../test/test-money.js";
import { testPeople } from "../../test/test-people.js";
import { topUpAs } from "../../test/test-wallet.js";
import { signInAs } from "../../test/test-users.js";
import { createPaymentProvider } from "./wallet-payments.setup.js";
import { UNPAID_PAYMENT_LIFETIME_MS } from "./wallet-test-payments.service.js";
import { recheckPendingTopUps } from "./wallet-top-ups.sweeper.js";
import type { TopUpDeps } from "./wallet-top-ups.service.js";

const clock = createTestClock();
let t: TestApp;
let deps: TopUpDeps;
const people = testPeople("topup", () => t);

beforeAll(async () => {
  t = await createTestApp({ payments: baseConfigPayments() }, { clock: clock.now });
  await listenOnFreePort(t.app);
  deps = {
    db: t.database.db,
    clock: clock.now,
    provider: createPaymentProvider(t.config.payments, {
      db: t.database.db,
      clock: clock.now,
      log: t.app.log,
      publicUrl: undefined,
    }),
    limits: { maxKopecks: t.config.payments.topUpMaxKopecks, dailyMaxKopecks: t.config.payments.topUpDailyMaxKopecks },
    // The job's own alerts are the app's concern; here only what it credits is looked at.
    alerts: { walletChanged: () => undefined },
    log: t.app.log,
  };
});
afterEach(() => people.closeSockets());
afterAll(() => t.close());

function baseConfigPayments() {
  return {
    provider: "test" as const,
    yookassa: undefined,
    notifyIps: undefined,
    payouts: undefined,
    topUpMaxKopecks: 10_000_00,
    topUpDailyMaxKopecks: 15_000_00,
    payoutFeePercent: 0,
    payoutMinKopecks: 100_00,
  };
}

async function startTopUp(client: TestClient, amount: number, extra: object = {}): Promise<TopUp> {
  const response = await topUpAs(t, client, { amount, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TopUp;
}

const paymentIdOf = (topUp: TopUp) => new URL(topUp.confirmation_url!).pathname.split("/").at(-1)!;

async function press(paymentId: string, action: "pay" | "decline"): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: "POST", url: `/v1/payments/test/${paymentId}/${action}` });
}

describe("top-ups through the built-in test checkout", () => {
  it("credits a paid top-up once, tells the user's tabs, and shows it on the balance", async () => {
    const buyer = await people.person();
    const socket = await people.connect(buyer);
    const topUp = await startTopUp(buyer.client, 500, { return_path: "/product/abc?x=1" });
    expect(topUp).toMatchObject({ status: "pending", amount: 500, return_path: "/product/abc?x=1" });
    expect(topUp.confirmation_url).toMatch(/^http:\/\/localhost(:80)?\/pay\/test\/[0-9a-f-]{36}$/);

    const paymentId = paymentIdOf(topUp);
    const page = await t.app.inject({ method: "GET", url: `/v1/payments/test/${paymentId}` });
    expect(page.statusCode, page.body).toBe(200);
    const payment = page.json() as TestPayment;
    expect(payment).toMatchObject({ status: "pending", amount: 500 });
    const returnUrl = new URL(payment.return_url);
    expect(returnUrl.pathname + "?x=1").toBe("/product/abc?x=1");
    expect(returnUrl.searchParams.get("top_up")).toBe(topUp.id);

    const changed = nextEvent(socket, WALLET_CHANGED_EVENT);
    const paid = await press(paymentId, "pay");
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: "succeeded" });
    expect(await changed).toEqual({ top_up_id: topUp.id } satisfies WalletChanged);

    expect((await press(paymentId, "pay")).json()).toMatchObject({ status: "succeeded" });
    const after = await buyer.client.get(`/v1/wallet/top-ups/${topUp.id}`);
    expect(after.json()).toMatchObject({ id: topUp.id, status: "succeeded", confirmation_url: null });
    expect(await balanceOf(buyer.client)).toBe(500);
    const postings = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.topUpId, topUp.id));
    expect(postings).toHaveLength(1);
  });

  it("credits nothing for a declined payment, and a declined payment cannot be paid after", async () => {
    const buyer = await people.person();
    const topUp = await startTopUp(buyer.client, 300);
    expect((await press(paymentIdOf(topUp), "decline")).json()).toMatchObject({ status: "canceled" });
    expect((await press(paymentIdOf(topUp), "pay")).json()).toMatchObject({ status: "canceled" });
    expect((await buyer.client.get(`/v1/wallet/top-ups/${topUp.id}`)).json()).toMatchObject({ status: "canceled" });
    expect(await balanceOf(buyer.client)).toBe(0);
  });

  it("credits once when the payer presses Pay 20 times at once", async () => {
    const buyer = await people.person();
    const topUp = await startTopUp(buyer.client, 100);
    const answers = await Promise.all(Array.from({ length: 20 }, () => press(paymentIdOf(topUp), "pay")));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(await balanceOf(buyer.client)).toBe(100);
  });

  it("answers one top-up to retries with one Idempotency-Key, and refuses the key for another amount", async () => {
    const buyer = await people.person();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => topUpAs(t, buyer.client, { amount: 200 }, "top-up-1")),
    );
    const ids = new Set(answers.map((answer) => (answer.json() as TopUp).id));
    expect(ids.size).toBe(1);
    const rows = await t.database.db.select().from(topUps).where(eq(topUps.userId, buyer.user.id));
    expect(rows).toHaveLength(1);
    expect(failure(await topUpAs(t, buyer.client, { amount: 300 }, "top-up-1"))).toEqual([
      409,
      "IDEMPOTENCY_KEY_REUSED",
    ]);
  });

  it("holds each top-up to the limits and the return path to this site", async () => {
    const buyer = await people.person();
    const tooBig = await topUpAs(t, buyer.client, { amount: 10_001 });
    expect(failure(tooBig)).toEqual([422, "VALIDATION_ERROR"]);
    expect(tooBig.body).toContain('"amount"');
    expect(failure(await topUpAs(t, buyer.client, { amount: 9 }))).toEqual([422, "VALIDATION_ERROR"]);
    expect(failure(await topUpAs(t, buyer.client, { amount: 10.5 }))).toEqual([422, "VALIDATION_ERROR"]);
    for (const returnPath of ["//evil.example/", "https://evil.example/", "/\\evil.example"])
      expect(failure(await topUpAs(t, buyer.client, { amount: 10, return_path: returnPath }))).toEqual([
        422,
        "VALIDATION_ERROR",
      ]);

    await startTopUp(buyer.client, 10_000);
    const declined = await startTopUp(buyer.client, 5_000);
    await press(paymentIdOf(declined), "decline");
    await startTopUp(buyer.client, 5_000);
    const overDay = await topUpAs(t, buyer.client, { amount: 10 });
    expect(failure(overDay)).toEqual([429, "TOP_UP_DAILY_LIMIT_REACHED"]);
    expect(overDay.json()).toMatchObject({ detail: { error_message: expect.stringContaining("15000 ₽") } });
  });

  it("shows a top-up to its owner only, and none to a guest", async () => {
    const owner = await people.person();
    const other = await people.person();
    const topUp = await startTopUp(owner.client, 50);
    expect(failure(await other.client.get(`/v1/wallet/top-ups/${topUp.id}`))).toEqual([404, "TOP_UP_NOT_FOUND"]);
    expect((await t.app.inject({ method: "GET", url: `/v1/wallet/top-ups/${topUp.id}` })).statusCode).toBe(401);
    expect(failure(await t.app.inject({ method: "GET", url: `/v1/payments/test/${topUp.id}` }))).toEqual([
      404,
      "TOP_UP_NOT_FOUND",
    ]);
  });

  it("cancels an unpaid top-up when its test payment expires, as ЮKassa's do after an hour", async () => {
    const buyer = await people.person();
    const topUp = await startTopUp(buyer.client, 70);
    await recheckPendingTopUps(deps);
    expect((await buyer.client.get(`/v1/wallet/top-ups/${topUp.id}`)).json()).toMatchObject({ status: "pending" });
    clock.advance(UNPAID_PAYMENT_LIFETIME_MS);
    await recheckPendingTopUps(deps);
    // The session did not live through the hour: the owner signs in again.
    const owner = await signInAs(t.app, buyer.user);
    expect((await owner.get(`/v1/wallet/top-ups/${topUp.id}`)).json()).toMatchObject({ status: "canceled" });
    expect((await press(paymentIdOf(topUp), "pay")).json()).toMatchObject({ status: "canceled" });
    expect(await balanceOf(owner)).toBe(0);
  });
});

describe("with PAYMENTS_PROVIDER=none", () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ payments: { ...baseConfigPayments(), provider: "none" } });
  });
  afterAll(() => off.close());

  it("refuses every top-up with TOP_UPS_DISABLED and has no test checkout", async () => {
    const offPeople = testPeople("topup_off", () => off);
    const buyer = await offPeople.person();
    expect(failure(await topUpAs(off, buyer.client, { amount: 100 }))).toEqual([409, "TOP_UPS_DISABLED"]);
    const checkout = await off.app.inject({
      method: "POST",
      url: "/v1/payments/test/00000000-0000-4000-8000-000000000000/pay",
    });
    expect(failure(checkout)).toEqual([404, "TOP_UP_NOT_FOUND"]);
  });
});

describe("the test checkout on a public site", () => {
  /** What the app warns about at boot with this PUBLIC_URL and the test provider. */
  async function bootWarnings(publicUrl: string): Promise<string[]> {
    const messages: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        messages.push((JSON.parse(String(chunk)) as { msg: string }).msg);
        done();
      },
    });
    const app = await createTestApp(
      { publicUrl, payments: baseConfigPayments() },
      { logger: { level: "warn", stream } },
    );
    await app.close();
    return messages.filter((message) => message.startsWith("PAYMENTS_PROVIDER=test on a public https address"));
  }

  it("is warned about loudly at boot on https, and not on a local http address", async () => {
    expect(await bootWarnings("https://lootlane.example")).toHaveLength(1);
    expect(await bootWarnings("http://localhost:3000")).toHaveLength(0);
  });
});
