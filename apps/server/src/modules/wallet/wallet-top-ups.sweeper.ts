import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { topUps } from "../../db/schema/wallet.js";
import type { JobRunner } from "../../platform/jobs/job-queue.js";
import { nextCheckAt, settleTopUpPayment, type TopUpDeps } from "./wallet-top-ups.service.js";

/** The recurring job of the re-check (jobs.kind). */
export const TOP_UP_RECHECK_JOB = "wallet.top-up-recheck";

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

/** Makes the re-check a recurring job of the app's queue, run every `everyMs` by whichever instance claims it. */
export async function registerTopUpJobs(jobs: JobRunner, deps: TopUpDeps, everyMs: number): Promise<void> {
  jobs.handle(TOP_UP_RECHECK_JOB, async () => {
    await recheckPendingTopUps(deps);
  });
  await jobs.repeat(TOP_UP_RECHECK_JOB, everyMs);
}
