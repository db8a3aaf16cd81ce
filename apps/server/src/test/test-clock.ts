import type { Clock } from "../platform/time/clock.js";

export type TestClock = { now: Clock; advance(ms: number): void; set(date: Date): void };

/**
 * A clock that stands still until a test moves it. Starts at the top of an hour by default, so fixed
 * rate-limit windows (aligned to the clock) do not roll over in the middle of a test by accident.
 */
export function createTestClock(start = new Date("2030-01-01T00:00:00.000Z")): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}
