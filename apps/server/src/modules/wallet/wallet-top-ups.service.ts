import { kopecksToRoubles, roublesToKopecks, type TopUpRequest } from "@lootlane/contract";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { topUps, type TopUp } from "../../db/schema/wallet.js";
import { users } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/index.js";
import { AppError, validationError } from "../../platform/errors/app-error.js";
import type { Clock } from "../../platform/time/clock.js";
import { postLedgerTransaction } from "../ledger/ledger.service.js";
import { notify } from "../notifications/notifications.service.js";
import type { WalletAlerts } from "./wallet-changes.alerts.js";
import type { PaymentProvider, ProviderPayment } from "./wallet-payments.provider.js";

/*
 * Top-ups (ARCHITECTURE.md §4 "Wallet"): money a user pays in through the payment provider. The top-up row is
 * written first, the provider is called outside any transaction (a database connection is never held across the
 * network), and the balance is credited only by settleTopUpPayment, after the provider itself, asked by payment
 * id, says the payment succeeded for exactly this top-up's amount.
 *
 * What a failed create leaves: the top-up stays `pending` without a payment, and the answer is
 * PAYMENT_PROVIDER_UNAVAILABLE. A retry with the same Idempotency-Key asks the provider again under the same
 * Idempotence-Key (the top-up id), so a payment whose answer was lost is found, not made twice. Nobody was given a
 * confirmation URL for it, so nobody can pay it: the re-check job cancels such a top-up after CREATE_GRACE_MS.
 */

export type TopUpDeps = {
  db: Db;
  clock: Clock;
  /** Undefined when PAYMENTS_PROVIDER=none. */
  provider: PaymentProvider | undefined;
  limits: { maxKopecks: number; dailyMaxKopecks: number };
  alerts: WalletAlerts;
  log: Pick<FastifyBaseLogger, "error" | "warn">;
};

/** How long a top-up whose payment was never created may wait for a retry before it is canceled. */
export const CREATE_GRACE_MS = 15 * 60 * 1000;

/**
 * When the re-check job asks again about a pending payment, by how many checks it has had: soon at first (a
 * notification may simply be late), then hourly for as long as the provider keeps it pending.
 */
const RECHECK_DELAYS_MS = [1, 2, 5, 10, 20, 30, 60].map((minutes) => minutes * 60 * 1000);

export function nextCheckAt(now: Date, checks: number): Date {
  return new Date(now.getTime() + RECHECK_DELAYS_MS[Math.min(checks, RECHECK_DELAYS_MS.length - 1)]!);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DESCRIPTION = "Пополнение баланса Lootlane";

export function requireProvider(deps: Pick<TopUpDeps, "provider">): PaymentProvider {
  if (!deps.provider) throw new AppError("TOP_UPS_DISABLED");
  return deps.provider;
}

/**
 * POST /wallet/top-ups: checks the limits, records the top-up, then has the provider create its payment. With an
 * Idempotency-Key a retry answers the same top-up (asking the provider again only if its payment is still
 * missing); the key with another amount or return path is IDEMPOTENCY_KEY_REUSED. `origin` is where the payer
 * comes back to: PUBLIC_URL, or the request's own origin.
 */
export async function createTopUp(
  deps: TopUpDeps,
  user: AuthUser,
  request: TopUpRequest,
  idempotencyKey: string | undefined,
  origin: string,
): Promise<TopUp> {
  const provider = requireProvider(deps);
  const amountKopecks = roublesToKopecks(request.amount);
  if (amountKopecks > deps.limits.maxKopecks)
    throw validationError([{ field: "amount", message: `At most ${kopecksToRoubles(deps.limits.maxKopecks)} ₽` }]);
  const returnPath = request.return_path ?? "/wallet";

  const topUp = await deps.db.transaction(async (tx) => {
    // The user's row locked first: two requests of one user (or one key) take turns, so neither the daily limit
    // nor the key can be passed by sending them at once.
    const [account] = await tx
      .select({ isBanned: users.isBanned })
      .from(users)
      .where(eq(users.id, user.id))
      .for("no key update");
    if (!account || account.isBanned) throw new AppError("USER_IS_BANNED");
    if (idempotencyKey !== undefined) {
      const [first] = await tx
        .select()
        .from(topUps)
        .where(and(eq(topUps.userId, user.id), eq(topUps.idempotencyKey, idempotencyKey)));
      if (first) {
        if (first.amountKopecks !== amountKopecks || first.returnPath !== returnPath)
          throw new AppError("IDEMPOTENCY_KEY_REUSED");
        return first;
      }
    }
    const now = deps.clock();
    const [today] = await tx
      .select({ total: sql<string>`coalesce(sum(${topUps.amountKopecks}), 0)` })
      .from(topUps)
      .where(
        and(
          eq(topUps.userId, user.id),
          inArray(topUps.status, ["pending", "succeeded"]),
          gt(topUps.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    if (Number(today!.total) + amountKopecks > deps.limits.dailyMaxKopecks)
      throw new AppError("TOP_UP_DAILY_LIMIT_REACHED", { max: kopecksToRoubles(deps.limits.dailyMaxKopecks) });
    const [created] = await tx
      .insert(topUps)
      .values({
        userId: user.id,
        amountKopecks,
        provider: provider.name,
        returnPath,
        idempotencyKey: idempotencyKey ?? null,
        nextCheckAt: new Date(now.getTime() + CREATE_GRACE_MS),
        createdAt: now,
      })
      .returning();
    return created!;
  });
  if (topUp.providerPaymentId !== null || topUp.status !== "pending") return topUp;

  let payment: ProviderPayment;
  try {
    payment = await provider.createPayment({
      topUpId: topUp.id,
      amountKopecks,
      returnUrl: returnUrlOf(origin, returnPath, topUp.id),
      description: DESCRIPTION,
    });
  } catch (error) {
    deps.log.error({ err: error, topUpId: topUp.id }, "the payment provider did not create a top-up's payment");
    throw new AppError("PAYMENT_PROVIDER_UNAVAILABLE", {}, { cause: error });
  }
  const [stored] = await deps.db
    .update(topUps)
    .set({
      providerPaymentId: payment.id,
      confirmationUrl: payment.confirmationUrl,
      nextCheckAt: nextCheckAt(deps.clock(), 0),
    })
    .where(and(eq(topUps.id, topUp.id), isNull(topUps.providerPaymentId), eq(topUps.status, "pending")))
    .returning();
  if (stored) return stored;
  // A concurrent retry stored the payment first, or the job gave up on the top-up meanwhile: answer what is there.
  return (await deps.db.select().from(topUps).where(eq(topUps.id, topUp.id)))[0]!;
}

/** Whether a top-up of the user still waits for the provider's word. */
export async function hasPendingTopUp(db: Db, userId: string): Promise<boolean> {
  const [pending] = await db
    .select({ id: topUps.id })
    .from(topUps)
    .where(and(eq(topUps.userId, userId), eq(topUps.status, "pending")))
    .limit(1);
  return pending !== undefined;
}

/** GET /wallet/top-ups/{id}: the user's own top-up as it stands; anyone else's is TOP_UP_NOT_FOUND. */
export async function getOwnTopUp(db: Db, user: AuthUser, id: string): Promise<TopUp> {
  const [topUp] = await db
    .select()
    .from(topUps)
    .where(and(eq(topUps.id, id), eq(topUps.userId, user.id)));
  if (!topUp) throw new AppError("TOP_UP_NOT_FOUND");
  return topUp;
}

/** Where the provider sends the payer back: this site's return path, with the top-up named in the query. */
function returnUrlOf(origin: string, returnPath: string, topUpId: string): string {
  const url = new URL(returnPath, origin);
  // returnPathSchema admits only paths of this site; this keeps it so whatever the parser makes of them.
  if (url.origin !== new URL(origin).origin)
    throw validationError([{ field: "return_path", message: "A path of this site" }]);
  url.searchParams.set("top_up", topUpId);
  return url.toString();
}

export type SettleOutcome = "credited" | "canceled" | "pending" | "mismatch" | "unknown" | "settled";

/**
 * The one way a top-up is decided, for notifications, the test checkout and the re-check job alike: reads the
 * payment from the provider by id (a notification's body is never trusted) and credits the top-up only when the
 * payment succeeded for its amount, in roubles, naming it in its metadata. The top-up row is locked FOR UPDATE in
 * a short transaction, so however many callers race, one credits and the rest find it settled; the ledger's
 * unique top-up posting stands behind that. A payment that does not match is never credited and is logged.
 * Throws the provider's error when it cannot be asked.
 */
export async function settleTopUpPayment(deps: TopUpDeps, paymentId: string): Promise<SettleOutcome> {
  const provider = requireProvider(deps);
  const payment = await provider.getPayment(paymentId);
  if (!payment) {
    deps.log.warn({ paymentId }, "asked to settle a payment the provider does not have");
    return "unknown";
  }
  const settled = await deps.db.transaction(
    async (tx): Promise<{ outcome: SettleOutcome; userId?: string; topUpId?: string }> => {
      // Normally found by its payment; by the metadata's top-up id when the create's answer was lost but the payer
      // still paid (then the payment id is stored now).
      const [topUp] = await tx
        .select()
        .from(topUps)
        .where(
          payment.topUpId && z.uuid().safeParse(payment.topUpId).success
            ? sql`(${topUps.provider} = ${provider.name} and ${topUps.providerPaymentId} = ${payment.id}) or (${topUps.id} = ${payment.topUpId} and ${topUps.providerPaymentId} is null)`
            : and(eq(topUps.provider, provider.name), eq(topUps.providerPaymentId, payment.id)),
        )
        .for("update");
      if (!topUp) {
        deps.log.warn({ paymentId }, "a payment that belongs to no top-up");
        return { outcome: "unknown" };
      }
      if (topUp.status !== "pending") return { outcome: "settled" };
      if (payment.status === "pending" || payment.status === "waiting_for_capture") {
        if (topUp.providerPaymentId === null)
          await tx.update(topUps).set({ providerPaymentId: payment.id }).where(eq(topUps.id, topUp.id));
        return { outcome: "pending" };
      }
      const now = deps.clock();
      if (payment.status === "canceled") {
        await tx
          .update(topUps)
          .set({ status: "canceled", providerPaymentId: payment.id, settledAt: now, nextCheckAt: null })
          .where(eq(topUps.id, topUp.id));
        return { outcome: "canceled", userId: topUp.userId, topUpId: topUp.id };
      }
      if (payment.amountKopecks !== topUp.amountKopecks || payment.currency !== "RUB" || payment.topUpId !== topUp.id) {
        deps.log.error(
          {
            topUpId: topUp.id,
            paymentId,
            expected: { amountKopecks: topUp.amountKopecks, currency: "RUB" },
            paid: { amountKopecks: payment.amountKopecks, currency: payment.currency, topUpId: payment.topUpId },
          },
          "a succeeded payment does not match its top-up: not credited",
        );
        return { outcome: "mismatch" };
      }
      await postLedgerTransaction(tx, {
        kind: "top_up",
        topUpId: topUp.id,
        actorId: topUp.userId,
        memo: `payment ${payment.id}`,
        at: now,
        entries: [
          { account: { kind: "provider_clearing" }, amountKopecks: -topUp.amountKopecks },
          { account: { kind: "user_available", userId: topUp.userId }, amountKopecks: topUp.amountKopecks },
        ],
      });
      await tx
        .update(topUps)
        .set({ status: "succeeded", providerPaymentId: payment.id, settledAt: now, nextCheckAt: null })
        .where(eq(topUps.id, topUp.id));
      await notify(tx, deps.clock, topUp.userId, {
        event: "top_up_credited",
        params: { top_up_id: topUp.id, amount: kopecksToRoubles(topUp.amountKopecks) },
      });
      return { outcome: "credited", userId: topUp.userId, topUpId: topUp.id };
    },
  );
  if (settled.userId && settled.topUpId) deps.alerts.walletChanged(settled.userId, { top_up_id: settled.topUpId });
  return settled.outcome;
}
