import type { Db } from "../../db/client.js";
import type { Deal as DealRow } from "../../db/schema/deals.js";
import { enqueueJob, type JobRunner } from "../../platform/jobs/job-queue.js";
import type { Clock } from "../../platform/time/clock.js";
import { notify } from "../notifications/notifications.service.js";
import { lockDeal } from "./deals.lifecycle.js";

/** A day before a deal confirms itself, its buyer is reminded (`{ deal_id, auto_confirm_at }`). */
export const AUTO_CONFIRM_REMINDER_JOB = "deals.auto_confirm_soon";

const REMINDER_LEAD_MS = 24 * 3_600_000;

export type ReminderDeps = { db: Db; clock: Clock };

/**
 * Written with the purchase: the reminder job, keyed by the deal, due a day before its auto-confirmation. With
 * AUTO_CONFIRM_HOURS of a day or less that moment has passed already, and there is nothing to remind of.
 */
export async function scheduleAutoConfirmReminder(tx: Db, deal: DealRow, at: Date): Promise<void> {
  const runAt = new Date(deal.autoConfirmAt.getTime() - REMINDER_LEAD_MS);
  if (runAt <= at) return;
  await enqueueJob(
    tx,
    {
      kind: AUTO_CONFIRM_REMINDER_JOB,
      key: `auto-confirm-soon:${deal.id}`,
      payload: { deal_id: deal.id, auto_confirm_at: deal.autoConfirmAt.toISOString() },
      runAt,
    },
    () => at,
  );
}

/**
 * The reminder tells the buyer only of a deal still waiting for them with the same auto-confirmation time: one
 * confirmed or disputed since has nothing left to confirm itself. The deal is locked, so a confirmation at the same
 * moment either came first (no reminder) or waits for it.
 */
async function remindOfAutoConfirm(deps: ReminderDeps, dealId: string, autoConfirmAt: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const deal = await lockDeal(tx, dealId);
    if (!deal || deal.status !== "purchased" || deal.autoConfirmAt.toISOString() !== autoConfirmAt) return;
    await notify(tx, deps.clock, deal.buyerId, {
      event: "auto_confirm_soon",
      params: {
        deal_id: deal.id,
        chat_id: deal.chatId,
        product_title: deal.productTitle,
        auto_confirm_at: autoConfirmAt,
      },
    });
  });
}

export function registerDealReminders(jobs: JobRunner, deps: ReminderDeps): void {
  jobs.handle(AUTO_CONFIRM_REMINDER_JOB, (payload) =>
    remindOfAutoConfirm(deps, String(payload.deal_id), String(payload.auto_confirm_at)),
  );
}
