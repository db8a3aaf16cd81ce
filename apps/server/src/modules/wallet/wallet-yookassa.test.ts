import type { TopUp } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentsConfig } from "../../config.js";
import { ledgerTransactions } from "../../db/schema/ledger.js";
import { topUps } from "../../db/schema/wallet.js";
import { FakeYookassa } from "../../test/fake-yookassa.js";
import { createTestApp, createTestInstance, type TestApp } from "../../test/test-app.js";
import type { TestClient } from "../../test/test-client.js";
import { createTestClock } from "../../test/test-clock.js";
import { balanceOf, failure } from "../../test/test-money.js";
import { testPeople } from "../../test/test-people.js";
import { topUpAs } from "../../test/test-wallet.js";
import { testPayments } from "../../test/test-withdrawals.js";
import { createPaymentProvider } from "./wallet-payments.setup.js";
import { recheckPendingTopUps } from "./wallet-top-ups.sweeper.js";
import type { TopUpDeps } from "./wallet-top-ups.service.js";

/*
 * Top-ups through ЮKassa, against a local server that follows its published API (test/fake-yookassa.ts): the
 * payment is created over HTTP, notifications arrive as ЮKassa posts them, and every decision reads the payment
 * back from that server.
 */

const PUBLIC_URL = "https://lootlane.example";
/**
 * Calls to ЮKassa wait as long as in production (10 s), except an impatient instance's: it is made to see a hung
 * ЮKassa's call expire, and is used only while ЮKassa never answers.
 */
const SHORT_TIMEOUT_MS = 300;
const clock = createTestClock();
let fake: FakeYookassa;
let t: TestApp;
let deps: TopUpDeps;
let impatient: TestApp;
let impatientDeps: TopUpDeps;
const people = testPeople("ykassa", () => t);

function paymentsConfig(overrides: Partial<PaymentsConfig> = {}): PaymentsConfig {
  return testPayments({ provider: "yookassa", yookassa: fake.shop, ...overrides });
}

beforeAll(async () => {
  fake = await FakeYookassa.start();
  // The app's own re-check job runs only when a test runs the app's queue; most tests call the re-check directly.
  t = await createTestApp({ publicUrl: PUBLIC_URL, payments: paymentsConfig() }, { clock: clock.now });
  impatient = await createTestInstance(t, {}, { clock: clock.now, paymentsTimeoutMs: SHORT_TIMEOUT_MS });
  const provider = (timeoutMs?: number) =>
    createPaymentProvider(
      t.config.payments,
      { db: t.database.db, clock: clock.now, log: t.app.log, publicUrl: PUBLIC_URL },
      { timeoutMs },
    );
  deps = {
    db: t.database.db,
    clock: clock.now,
    provider: provider(),
    limits: { maxKopecks: 100_000_00, dailyMaxKopecks: 300_000_00 },
    alerts: { walletChanged: () => undefined },
    log: t.app.log,
  };
  impatientDeps = { ...deps, provider: provider(SHORT_TIMEOUT_MS) };
});
afterAll(async () => {
  await impatient.close();
  await t.close();
  await fake.close();
});

function notify(event: string, object: unknown, app: TestApp = t, ip = "185.71.76.1"): Promise<LightMyRequestResponse> {
  return app.app.inject({
    method: "POST",
    url: "/v1/payments/yookassa/notifications",
    remoteAddress: ip,
    payload: fake.notificationBody(event, object),
  });
}

async function startTopUp(client: TestClient, amount: number): Promise<TopUp> {
  const response = await topUpAs(t, client, { amount });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TopUp;
}

const paymentOf = (topUp: TopUp) => fake.paymentByKey(topUp.id)!;

async function topUpRow(id: string) {
  return (await t.database.db.select().from(topUps).where(eq(topUps.id, id)))[0]!;
}

async function postingsOf(topUpId: string) {
  return t.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.topUpId, topUpId));
}

describe("top-ups through ЮKassa", () => {
  it("creates the payment as the API documents it and credits it once however often ЮKassa notifies", async () => {
    const buyer = await people.person();
    const topUp = await startTopUp(buyer.client, 500);
    const payment = paymentOf(topUp);
    expect(fake.requests.filter((request) => request.idempotenceKey === topUp.id)).toHaveLength(1);
    expect(payment).toMatchObject({
      status: "pending",
      amount: { value: "500.00", currency: "RUB" },
      metadata: { top_up_id: topUp.id },
      confirmation: { type: "redirect", return_url: `${PUBLIC_URL}/wallet?top_up=${topUp.id}` },
    });
    expect(topUp.confirmation_url).toBe(payment.confirmation!.confirmation_url);

    // Told it succeeded while the API still says pending: nothing yet.
    const early = await notify("payment.succeeded", { ...payment, status: "succeeded", paid: true });
    expect(early.statusCode, early.body).toBe(200);
    expect((await topUpRow(topUp.id)).status).toBe("pending");
    expect(await balanceOf(buyer.client)).toBe(0);

    fake.succeedPayment(payment.id);
    for (let delivery = 0; delivery < 2; delivery++)
      expect((await notify("payment.succeeded", fake.paymentAsAnswered(payment.id))).statusCode).toBe(200);
    expect(await balanceOf(buyer.client)).toBe(500);
    expect(await postingsOf(topUp.id)).toHaveLength(1);
    expect((await buyer.client.get(`/v1/wallet/top-ups/${topUp.id}`)).json()).toMatchObject({
      status: "succeeded",
      confirmation_url: null,
    });
  });

  it("credits once when 20 notifications of one payment arrive at once", async () => {
    const buyer = await people.person();
    const topUp = await startTopUp(buyer.client, 120);
    const payment = fake.succeedPayment(paymentOf(topUp).id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify("payment.succeeded", payment)));
    expect(
      answers.map((answer) => answer.statusCode),
      answers.map((answer) => answer.body).join(),
    ).toEqual(Array(20).fill(200));
    expect(await balanceOf(buyer.client)).toBe(120);
    expect(await postingsOf(topUp.id)).toHaveLength(1);
  });

  it("credits once when a notification and the re-check job settle the same payment at once", async () => {
    const buyer = await people.person();
    const topUp = await startTopUp(buyer.client, 130);
    const payment = fake.succeedPayment(paymentOf(topUp).id);
    clock.advance(60 * 60 * 1000);
    const [answer] = await Promise.all([
      notify("payment.succeeded", payment),
      recheckPendingTopUps(deps),
      recheckPendingTopUps(deps),
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await postingsOf(topUp.id)).toHaveLength(1);
    expect((await topUpRow(topUp.id)).status).toBe("succeeded");
  });

  it("cancels a top-up whose payment ЮKassa canceled, whatever a notification claims", async () => {
    const buyer = await people.person();
    const topUp = await startTopUp(buyer.client, 140);
    const payment = fake.cancelPayment(paymentOf(topUp).id);
    const forged = await notify("payment.succeeded", { ...payment, status: "succeeded", paid: true });
    expect(forged.statusCode).toBe(200);
    expect((await topUpRow(topUp.id)).status).toBe("canceled");
    expect(await balanceOf(buyer.client)).toBe(0);
  });

  it("never credits a succeeded payment whose amount, currency or top-up differs from the top-up", async () => {
    const buyer = await people.person();
    for (const tampered of [
      { amount: { value: "999.00", currency: "RUB" } },
      { amount: { value: "150.00", currency: "USD" } },
      { metadata: { top_up_id: "00000000-0000-4000-8000-000000000000" } },
    ]) {
      const topUp = await startTopUp(buyer.client, 150);
      const payment = fake.succeedPayment(paymentOf(topUp).id);
      fake.tamperPayment(payment.id, tampered);
      expect((await notify("payment.succeeded", fake.paymentAsAnswered(payment.id))).statusCode).toBe(200);
      expect((await topUpRow(topUp.id)).status).toBe("pending");
      expect(await postingsOf(topUp.id)).toHaveLength(0);
    }
    expect(await balanceOf(buyer.client)).toBe(0);
  });

  it("acknowledges events it does not act on and payments ЮKassa does not have, crediting nothing", async () => {
    for (const [event, object] of [
      ["refund.succeeded", { id: "refund-1", payment_id: "x" }],
      ["payment.waiting_for_capture", { id: "no-such-payment" }],
      ["payment.succeeded", { id: "no-such-payment", amount: { value: "100000.00", currency: "RUB" } }],
    ] as const)
      expect((await notify(event, object)).statusCode).toBe(200);
    expect((await notify("payment.succeeded", { amount: "1" })).statusCode).toBe(422);
  });

  it("leaves a top-up pending with nothing credited while ЮKassa is down or hangs, and the app's job recovers it", async () => {
    const buyer = await people.person();
    const topUp = await startTopUp(buyer.client, 160);
    const payment = fake.succeedPayment(paymentOf(topUp).id);
    for (const mode of ["down", "hang"] as const) {
      fake.mode = mode;
      try {
        expect(failure(await notify("payment.succeeded", payment, impatient))).toEqual([
          502,
          "PAYMENT_PROVIDER_UNAVAILABLE",
        ]);
        clock.advance(60 * 60 * 1000);
        await recheckPendingTopUps(impatientDeps);
      } finally {
        fake.mode = "up";
      }
      expect((await topUpRow(topUp.id)).status).toBe("pending");
      expect(await postingsOf(topUp.id)).toHaveLength(0);
    }
    clock.advance(60 * 60 * 1000);
    await t.app.jobs.runDue();
    expect((await topUpRow(topUp.id)).status).toBe("succeeded");
    expect(await postingsOf(topUp.id)).toHaveLength(1);
  });

  it("answers PAYMENT_PROVIDER_UNAVAILABLE when the payment cannot be created, and a retry with the key finds it", async () => {
    const buyer = await people.person();
    fake.mode = "down";
    try {
      expect(failure(await topUpAs(t, buyer.client, { amount: 170 }, "retry-me"))).toEqual([
        502,
        "PAYMENT_PROVIDER_UNAVAILABLE",
      ]);
    } finally {
      fake.mode = "up";
    }
    const [waiting] = await t.database.db.select().from(topUps).where(eq(topUps.userId, buyer.user.id));
    expect(waiting).toMatchObject({ status: "pending", providerPaymentId: null });

    const retried = await topUpAs(t, buyer.client, { amount: 170 }, "retry-me");
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: waiting!.id, status: "pending" });
    expect(paymentOf(retried.json() as TopUp).amount.value).toBe("170.00");

    // A top-up whose payment was never made (nobody has its URL) is given up once its grace is over.
    fake.mode = "hang";
    try {
      expect(failure(await topUpAs(impatient, buyer.client, { amount: 180 }))).toEqual([
        502,
        "PAYMENT_PROVIDER_UNAVAILABLE",
      ]);
    } finally {
      fake.mode = "up";
    }
    clock.advance(60 * 60 * 1000);
    await recheckPendingTopUps(deps);
    const rows = await t.database.db.select().from(topUps).where(eq(topUps.userId, buyer.user.id));
    expect(rows.find((row) => row.amountKopecks === 180_00)).toMatchObject({ status: "canceled" });
    for (const row of rows) expect(await postingsOf(row.id)).toHaveLength(0);
  });
});

describe("the notification address allow-list (YOOKASSA_NOTIFY_IPS)", () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await createTestApp({
      publicUrl: PUBLIC_URL,
      payments: paymentsConfig({ notifyIps: ["185.71.76.0/27", "2a02:5180::/32", "77.75.156.11"] }),
    });
  });
  afterAll(() => guarded.close());

  it("refuses notifications from elsewhere before reading them, and takes ЮKassa's own", async () => {
    const body = { id: "no-such-payment" };
    expect(failure(await notify("payment.succeeded", body, guarded, "10.0.0.1"))).toEqual([
      403,
      "PAYMENT_NOTIFICATION_REFUSED",
    ]);
    expect(failure(await notify("payment.succeeded", body, guarded, "185.71.76.32"))).toEqual([
      403,
      "PAYMENT_NOTIFICATION_REFUSED",
    ]);
    for (const ip of ["185.71.76.31", "::ffff:185.71.76.1", "2a02:5180:0:1::1", "77.75.156.11"])
      expect((await notify("payment.succeeded", body, guarded, ip)).statusCode, ip).toBe(200);
  });
});
