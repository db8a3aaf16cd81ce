import type { Clock } from "../time/clock.js";

/**
 * Where rate-limit counters live: process memory for one instance, Redis when several instances must share
 * them. A counter is created on its first increment and disappears after its lifetime.
 */
export type RateLimitStore = {
  /** Adds one to the counter (creating it with this lifetime when missing) and returns the new value. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** The counter's value; 0 when it does not exist (any more). */
  get(key: string): Promise<number>;
  /** Takes one back from a live counter; one that has expired stays gone (never a counter without a lifetime). */
  decrement(key: string): Promise<void>;
  close(): Promise<void>;
};

type Counter = { count: number; expiresAtMs: number };

/** Expired counters are dropped in one pass every this many increments, so memory stays bounded without a timer. */
const SWEEP_EVERY = 1000;

/** The single-instance store. Expiry follows the injected clock, so tests can jump over a window. */
export function createMemoryRateLimitStore(clock: Clock): RateLimitStore {
  const counters = new Map<string, Counter>();
  let incrementsSinceSweep = 0;

  const live = (key: string, nowMs: number): Counter | undefined => {
    const counter = counters.get(key);
    return counter && counter.expiresAtMs > nowMs ? counter : undefined;
  };

  const sweep = (nowMs: number) => {
    for (const [key, counter] of counters) if (counter.expiresAtMs <= nowMs) counters.delete(key);
  };

  return {
    async increment(key, ttlMs) {
      const nowMs = clock().getTime();
      if (++incrementsSinceSweep >= SWEEP_EVERY) {
        incrementsSinceSweep = 0;
        sweep(nowMs);
      }
      const counter = live(key, nowMs) ?? { count: 0, expiresAtMs: nowMs + ttlMs };
      counter.count += 1;
      counters.set(key, counter);
      return counter.count;
    },
    async get(key) {
      return live(key, clock().getTime())?.count ?? 0;
    },
    async decrement(key) {
      const counter = live(key, clock().getTime());
      if (counter) counter.count -= 1;
    },
    async close() {
      counters.clear();
    },
  };
}
