import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { runPeriodically } from "../../platform/jobs/periodic-job.js";
import { topUps } from "../../db/schema/wallet.js";
import { nextCheckAt, settleTopUpPayment, type TopUpDeps } from "./wallet-top-ups.service.js";

/** Pending top-ups claimed per round; each is then asked about outside any transaction. */
const BATCH_SIZE = 50;

/**
 * Asks the provider again about every pending top-up whose next check is due, so a notification that never came
 * loses no money: each is claimed in a short transaction (FOR UPDATE SKIP LOCKED, then its next check moved
 * forward by its backoff, which is the claim's lease), so instances running this at once never ask twice; the
 * provider is called after that transaction and settleTopUpPayment decides. A top-up is given up (canceled) only
 * when the provider says its payment was canceled, or when its payment was never created (no payer has its URL).
 * Answers how many top-ups it asked about.
 */
export async function recheckPendingTopUps(deps: TopUpDeps): Promise<number> {
  let asked = 0;
  for (;;) {
    const now = deps.clock();
    const claimed = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: topUps.id, paymentId: topUps.providerPaymentId, checks: topUps.checks })
        .from(topUps)
        .where(and(eq(topUps.status, "pending"), lte(topUps.nextCheckAt, now)))
        .orderBy(asc(topUps.nextCheckAt))
        .limit(BATCH_SIZE)
        .for("update", { skipLocked: true });
      for (const topUp of due) {
        await tx
          .update(topUps)
          .set({ nextCheckAt: nextCheckAt(now, topUp.checks + 1), checks: topUp.checks + 1 })
          .where(eq(topUps.id, topUp.id));
      }
      return due;
    });
    const unpaid = claimed.filter((topUp) => topUp.paymentId === null).map((topUp) => topUp.id);
    if (unpaid.length > 0)
      await deps.db
        .update(topUps)
        .set({ status: "canceled", settledAt: now, nextCheckAt: null })
        .where(and(inArray(topUps.id, unpaid), eq(topUps.status, "pending")));
    for (const { id, paymentId } of claimed) {
      if (paymentId === null) continue;
      try {
        await settleTopUpPayment(deps, paymentId);
      } catch (error) {
        // The provider is down or slow: the top-up stays pending and its next check is already set.
        deps.log.warn({ err: error, topUpId: id }, "a pending top-up could not be re-checked");
      }
    }
    asked += claimed.length;
    if (claimed.length < BATCH_SIZE) return asked;
  }
}

/** Runs the re-check every `intervalMs` in this process until the app closes; a slow round is never overlapped. */
export function startTopUpRechecks(app: FastifyInstance, deps: TopUpDeps, intervalMs: number): void {
  runPeriodically(app, { intervalMs, log: deps.log, failure: "top-up re-check failed" }, () =>
    recheckPendingTopUps(deps),
  );
}
