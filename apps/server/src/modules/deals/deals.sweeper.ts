import { and, asc, eq, lte } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { runPeriodically } from "../../platform/jobs/periodic-job.js";
import type { Db } from "../../db/client.js";
import { deals } from "../../db/schema/deals.js";
import type { Clock } from "../../platform/time/clock.js";
import type { ChatNotifier } from "../chats/chats.events.js";
import { confirmDeal } from "./deals.lifecycle.js";

export type SweeperDeps = {
  db: Db;
  clock: Clock;
  notifier: Pick<ChatNotifier, "dealMessagePosted">;
  log: Pick<FastifyBaseLogger, "error">;
};

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
      await notifier.dealMessagePosted(change.messageId);
    }
    confirmed += claimed;
    // A short batch was the last; a batch others held entirely is theirs to finish.
    if (due.length < BATCH_SIZE || claimed === 0) return confirmed;
  }
}

/** Runs the sweep every `intervalMs` in this process until the app closes; a slow sweep is never overlapped. */
export function startDealSweeper(app: FastifyInstance, deps: SweeperDeps, intervalMs: number): void {
  runPeriodically(app, { intervalMs, log: deps.log, failure: "deal sweep failed" }, () => sweepDueDeals(deps));
}
