import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { recheckPayouts, type WithdrawalDeps } from "./wallet-withdrawals.service.js";

/**
 * Runs the payout re-check (recheckPayouts) every `intervalMs` in this process until the app closes, when ЮKassa
 * payouts are on; a slow round is never overlapped. Every instance runs it: SKIP LOCKED claims share the work.
 */
export function startPayoutRechecks(
  app: FastifyInstance,
  deps: WithdrawalDeps & { log: Pick<FastifyBaseLogger, "error"> },
  intervalMs: number,
): void {
  if (!deps.payouts) return;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= recheckPayouts(deps)
      .then(
        () => undefined,
        (error: unknown) => deps.log.error({ err: error }, "payout re-check failed"),
      )
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
