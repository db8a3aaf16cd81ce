import type { JobRunner } from "../../platform/jobs/job-queue.js";
import { recheckPayouts, type WithdrawalDeps } from "./wallet-withdrawals.service.js";

/** The recurring job of the payout re-check (jobs.kind). */
export const PAYOUT_RECHECK_JOB = "wallet.payout-recheck";

/**
 * Makes the payout re-check (recheckPayouts) a recurring job of the app's queue, run every `everyMs` by whichever
 * instance claims it, when ЮKassa payouts are on.
 */
export async function registerPayoutJobs(jobs: JobRunner, deps: WithdrawalDeps, everyMs: number): Promise<void> {
  if (!deps.payouts) return;
  jobs.handle(PAYOUT_RECHECK_JOB, async () => {
    await recheckPayouts(deps);
  });
  await jobs.repeat(PAYOUT_RECHECK_JOB, everyMs);
}
