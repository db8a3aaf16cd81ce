import { kopecksToRoubles, type TestPayment as TestPaymentView } from "@lootlane/contract";
import { and, eq, lte } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { testPayments, type TestPayment } from "../../db/schema/wallet.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { Clock } from "../../platform/time/clock.js";
import { TOP_UP_METADATA_KEY, type PaymentProvider, type ProviderPayment } from "./wallet-payments.provider.js";

/*
 * The built-in test checkout (PAYMENTS_PROVIDER=test): a provider of our own that keeps its payments in
 * test_payments and behaves like ЮKassa's test shop. A payment waits in `pending` until the payer presses Pay or
 * Decline on /pay/test/{id}, or until it expires unpaid, and our code then reads it back through the provider
 * interface exactly as it reads a ЮKassa payment.
 */

/**
 * How long an unpaid payment stays `pending` before the provider cancels it: ЮKassa gives a payer an hour on its
 * page (a card payment is canceled with expired_on_confirmation after that), and the test checkout does the same.
 */
export const UNPAID_PAYMENT_LIFETIME_MS = 60 * 60 * 1000;

type TestProviderDeps = { db: Db; clock: Clock };

export function createTestPaymentProvider(deps: TestProviderDeps): PaymentProvider {
  return {
    name: "test",
    createPayment: async ({ topUpId, amountKopecks, returnUrl, description }) => {
      // The top-up id is the idempotence key, as with ЮKassa: a repeated create answers the first payment.
      await deps.db
        .insert(testPayments)
        .values({
          amountKopecks,
          description,
          returnUrl,
          metadata: { [TOP_UP_METADATA_KEY]: topUpId },
          idempotenceKey: topUpId,
          createdAt: deps.clock(),
        })
        .onConflictDoNothing();
      const [payment] = await deps.db.select().from(testPayments).where(eq(testPayments.idempotenceKey, topUpId));
      return asProviderPayment(payment!, new URL(returnUrl).origin);
    },
    getPayment: async (id) => {
      const payment = await readTestPayment(deps, id);
      return payment && asProviderPayment(payment, new URL(payment.returnUrl).origin);
    },
  };
}

/** The test payment as its checkout page shows it; TOP_UP_NOT_FOUND for an id it does not have. */
export async function getTestPayment(deps: TestProviderDeps, id: string): Promise<TestPaymentView> {
  const payment = await readTestPayment(deps, id);
  if (!payment) throw new AppError("TOP_UP_NOT_FOUND");
  return presentTestPayment(payment);
}

/**
 * The payer's Pay or Decline on the test checkout: moves a pending payment to `succeeded` or `canceled`. A payment
 * already decided (or expired) keeps its state, as a provider's page cannot pay a payment twice.
 */
export async function decideTestPayment(
  deps: TestProviderDeps,
  id: string,
  decision: "succeeded" | "canceled",
): Promise<void> {
  if (!(await readTestPayment(deps, id))) throw new AppError("TOP_UP_NOT_FOUND");
  await deps.db
    .update(testPayments)
    .set({ status: decision })
    .where(and(eq(testPayments.id, id), eq(testPayments.status, "pending")));
}

/** The payment, canceled first if it has waited unpaid longer than a payer is given. */
async function readTestPayment(deps: TestProviderDeps, id: string): Promise<TestPayment | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const expiredBefore = new Date(deps.clock().getTime() - UNPAID_PAYMENT_LIFETIME_MS);
  await deps.db
    .update(testPayments)
    .set({ status: "canceled" })
    .where(
      and(eq(testPayments.id, id), eq(testPayments.status, "pending"), lte(testPayments.createdAt, expiredBefore)),
    );
  const [payment] = await deps.db.select().from(testPayments).where(eq(testPayments.id, id));
  return payment;
}

function asProviderPayment(payment: TestPayment, origin: string): ProviderPayment {
  const topUpId = (payment.metadata as Record<string, unknown>)[TOP_UP_METADATA_KEY];
  return {
    id: payment.id,
    status: payment.status,
    amountKopecks: payment.amountKopecks,
    currency: "RUB",
    topUpId: typeof topUpId === "string" ? topUpId : undefined,
    confirmationUrl: payment.status === "pending" ? `${origin}/pay/test/${payment.id}` : null,
  };
}

function presentTestPayment(payment: TestPayment): TestPaymentView {
  return {
    id: payment.id,
    status: payment.status,
    amount: kopecksToRoubles(payment.amountKopecks),
    description: payment.description,
    return_url: payment.returnUrl,
  };
}
