/** What record() has caught so far; `stop` lets the process handle them as usual again. */
export type ProcessCrashes = { crashes: unknown[]; stop(): void };

/**
 * Catches every uncaught exception and unhandled rejection of this test process from now on, so a test of an
 * outage can assert that the outage ended in an error answer and not in what would have killed a real server.
 */
export function recordProcessCrashes(): ProcessCrashes {
  const crashes: unknown[] = [];
  const record = (error: unknown) => void crashes.push(error);
  process.on("uncaughtException", record);
  process.on("unhandledRejection", record);
  return {
    crashes,
    stop: () => {
      process.off("uncaughtException", record);
      process.off("unhandledRejection", record);
    },
  };
}
