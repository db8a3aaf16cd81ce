import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { runPeriodically } from "../../platform/jobs/periodic-job.js";
import { recheckPayouts, type WithdrawalDeps } from "./wallet-withdrawals.service.js";

/**
 * Runs the payout re-check (recheckPayouts) every `intervalMs` until the app closes, when ЮKassa payouts are on.
 * Every instance runs it: SKIP LOCKED claims share the work.
 */
export function startPayoutRechecks(
  app: FastifyInstance,
  deps: WithdrawalDeps & { log: Pick<FastifyBaseLogger, "error"> },
  intervalMs: number,
): void {
  if (!deps.payouts) return;
  runPeriodically(app, { intervalMs, log: deps.log, failure: "payout re-check failed" }, () => recheckPayouts(deps));
}
