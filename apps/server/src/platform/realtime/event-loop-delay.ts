import { performance } from "node:perf_hooks";

/** How often the delay is sampled: a late check is noticed within this long after the loop is free again. */
const CHECK_INTERVAL_MS = 100;

let due: number | undefined;
let latest = 0;

const check = () => {
  const now = performance.now();
  latest = Math.max(0, now - due!);
  due = now + CHECK_INTERVAL_MS;
  // Never what keeps the process alive.
  setTimeout(check, CHECK_INTERVAL_MS).unref();
};

/**
 * Starts sampling this process's event loop (once per process, as there is one loop; later calls do nothing).
 * Call it when setting up what reads `eventLoopDelayMs`: a delay that began before sampling did goes unseen.
 */
export function watchEventLoopDelay(): void {
  if (due !== undefined) return;
  due = performance.now();
  check();
}

/**
 * How far behind this process's event loop runs, in ms: how late the latest of its checks ran, or how overdue the
 * next one already is (0 before `watchEventLoopDelay`). While work holds the loop (the embedded database runs its
 * queries on this thread), what clients send waits unread in the sockets' buffers, where no count of work in
 * progress can see it; this can.
 */
export function eventLoopDelayMs(): number {
  if (due === undefined) return 0;
  return Math.max(latest, performance.now() - due);
}
