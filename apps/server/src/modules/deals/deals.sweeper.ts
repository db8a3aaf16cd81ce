import { and, asc, eq, isNotNull, isNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { deals } from "../../db/schema/deals.js";
import type { JobRunner } from "../../platform/jobs/job-queue.js";
import type { Clock } from "../../platform/time/clock.js";
import type { ChatNotifier } from "../chats/chats.events.js";
import { confirmDeal, endGuarantee } from "./deals.lifecycle.js";
import { sellerStatsChanged } from "../users/users.events.js";

export type SweeperDeps = {
  db: Db;
  clock: Clock;
  notifier: Pick<ChatNotifier, "dealMessagePosted">;
};

/** The recurring job of the sweep (jobs.kind). */
export const AUTO_CONFIRM_JOB = "deals.auto-confirm";

/** Due deals read per query; each is then claimed and confirmed in a transaction of its own. */
const BATCH_SIZE = 100;

const dueAt = (now: Date) => and(eq(deals.status, "purchased"), lte(deals.autoConfirmAt, now));

/**
 * Confirms every deal whose AUTO_CONFIRM_HOURS are up for its buyer; a disputed deal is not `purchased` and so
 * never due. Each deal is claimed with FOR UPDATE SKIP LOCKED, so any number of instances (or a buyer
 * confirming at the same moment) never confirm one twice, and one transaction per deal keeps the lock order
 * of every other transition. Answers how many deals it confirmed.
 */
export async function sweepDueDeals({ db, clock, notifier }: SweeperDeps): Promise<number> {
  let confirmed = 0;
  for (;;) {
    const now = clock();
    const due = await db
      .select({ id: deals.id })
      .from(deals)
      .where(dueAt(now))
      .orderBy(asc(deals.autoConfirmAt))
      .limit(BATCH_SIZE);
    let claimed = 0;
    for (const { id } of due) {
      const change = await db.transaction(async (tx) => {
        const [deal] = await tx
          .select()
          .from(deals)
          .where(and(eq(deals.id, id), dueAt(now)))
          .for("update", { skipLocked: true });
        return deal && confirmDeal(tx, deal, { actorId: null, automatic: true, at: now });
      });
      if (!change) continue;
      claimed += 1;
      sellerStatsChanged(db, change.deal.sellerId);
      await notifier.dealMessagePosted(change.messageId);
    }
    confirmed += claimed;
    // A short batch was the last; a batch others held entirely is theirs to finish.
    if (due.length < BATCH_SIZE || claimed === 0) return confirmed;
  }
}

const guaranteeDueAt = (now: Date) =>
  and(
    eq(deals.status, "completed"),
    isNotNull(deals.guaranteeUntil),
    isNull(deals.guaranteeReleasedAt),
    lte(deals.guaranteeUntil, now),
  );

/**
 * Releases the held earnings of every completed deal whose guarantee window has ended (issue 22); a deal disputed
 * in its window is not `completed` and so is not due. Claimed as sweepDueDeals claims, FOR UPDATE SKIP LOCKED and
 * re-checked under the lock, so however many sweepers run (or a buyer disputing at the boundary) a deal's money
 * moves once. Answers how many it released.
 */
export async function sweepDueGuarantees({ db, clock }: Pick<SweeperDeps, "db" | "clock">): Promise<number> {
  let released = 0;
  for (;;) {
    const now = clock();
    const due = await db
      .select({ id: deals.id })
      .from(deals)
      .where(guaranteeDueAt(now))
      .orderBy(asc(deals.guaranteeUntil))
      .limit(BATCH_SIZE);
    let claimed = 0;
    for (const { id } of due) {
      const done = await db.transaction(async (tx) => {
        const [deal] = await tx
          .select()
          .from(deals)
          .where(and(eq(deals.id, id), guaranteeDueAt(now)))
          .for("update", { skipLocked: true });
        return deal && endGuarantee(tx, deal, now);
      });
      if (done) claimed += 1;
    }
    released += claimed;
    if (due.length < BATCH_SIZE || claimed === 0) return released;
  }
}

/**
 * Makes the sweep a recurring job of the app's queue, run every `everyMs` by whichever instance claims it; a sweep
 * cut short by a crash is run again after its lease, and the deals it had not confirmed yet are still due.
 */
export async function registerDealJobs(jobs: JobRunner, deps: SweeperDeps, everyMs: number): Promise<void> {
  jobs.handle(AUTO_CONFIRM_JOB, async () => {
    await sweepDueDeals(deps);
    await sweepDueGuarantees(deps);
  });
  await jobs.repeat(AUTO_CONFIRM_JOB, everyMs);
}
