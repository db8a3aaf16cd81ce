import type { FastifyInstance } from "fastify";

/**
 * Runs `round` every `intervalMs` in this process until the app closes, never two rounds at once: a slow round
 * is not overlapped, the next tick waits for it. A failed round is handed to `failed` and the job goes on. Used by
 * every background job (the deal sweeper, the payout re-check); each claims its rows with SKIP LOCKED, so every
 * instance may run it.
 */
export function startRepeatingJob(
  app: FastifyInstance,
  round: () => Promise<unknown>,
  failed: (error: unknown) => void,
  intervalMs: number,
): void {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= round()
      .then(() => undefined, failed)
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
