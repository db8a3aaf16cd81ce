import type { FastifyBaseLogger, FastifyInstance } from "fastify";

/**
 * Runs `job` every `intervalMs` in this process until the app closes, for the sweeps every instance runs (due
 * deals, pending top-ups, payouts in processing); a slow round is never overlapped by the next, and closing waits for the one under way.
 * A failed round is logged as `failure` and the next one runs as usual.
 */
export function runPeriodically(
  app: FastifyInstance,
  { intervalMs, log, failure }: { intervalMs: number; log: Pick<FastifyBaseLogger, "error">; failure: string },
  job: () => Promise<unknown>,
): void {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= job()
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, failure),
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
