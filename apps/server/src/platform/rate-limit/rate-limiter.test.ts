import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.js";
import { createTestClock } from "../../test/test-clock.js";
import { createMemoryRateLimitStore, type RateLimitStore } from "./rate-limit-store.js";
import { createRateLimiter, type RateLimitRule } from "./rate-limiter.js";
import { createRedisRateLimitStore } from "./redis-rate-limit-store.js";

const redisUrl = process.env.TEST_REDIS_URL;
const clock = createTestClock(new Date("2030-01-01T10:00:00.000Z"));
const silent = { error: () => undefined };

/** A rule of its own per test, so tests (and runs sharing one Redis) never count each other's events. */
const rule = (max: number, windowMs = 60_000): RateLimitRule => ({ name: `test-${randomUUID()}`, max, windowMs });

async function refusal(action: Promise<void>): Promise<AppError> {
  const error = await action.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const stores: Array<[string, () => Promise<RateLimitStore>, boolean]> = [
  ["memory", async () => createMemoryRateLimitStore(clock.now), true],
  // Runs where a Redis server is given (as in CI); the memory store covers the same rules everywhere.
  [
    "redis",
    () => createRedisRateLimitStore(redisUrl!, silent, createMemoryRateLimitStore(clock.now)),
    redisUrl !== undefined,
  ],
];

describe.each(stores)("the rate limiter on the %s store", (_name, createStore, available) => {
  let store: RateLimitStore;
  beforeAll(async () => {
    if (available) store = await createStore();
  });
  afterAll(() => store?.close());

  it.runIf(available)(
    "allows max events per window, refuses the next with the seconds left, and resets with the next window",
    async () => {
      clock.set(new Date("2030-01-01T10:00:15.000Z"));
      const limiter = createRateLimiter(store, clock.now);
      const limit = rule(3);
      for (let event = 1; event <= 3; event++) await limiter.consume(limit, "10.0.0.1");
      const refused = await refusal(limiter.consume(limit, "10.0.0.1"));
      expect(refused.code).toBe("TOO_MANY_REQUESTS");
      expect(refused.params).toEqual({ retry_after: 45 });
      // Another subject has its own budget.
      await limiter.consume(limit, "10.0.0.2");

      clock.set(new Date("2030-01-01T10:01:00.000Z"));
      await limiter.consume(limit, "10.0.0.1");
    },
  );

  it.runIf(available)(
    "counts recorded failures and refuses once they reach max, without counting the checks",
    async () => {
      clock.set(new Date("2030-01-01T11:00:00.000Z"));
      const limiter = createRateLimiter(store, clock.now);
      const failures = rule(2, 3_600_000);
      await limiter.ensureAvailable(failures, "owner@example.com");
      await limiter.record(failures, "owner@example.com");
      await limiter.ensureAvailable(failures, "owner@example.com");
      await limiter.ensureAvailable(failures, "owner@example.com");
      await limiter.record(failures, "owner@example.com");
      expect((await refusal(limiter.ensureAvailable(failures, "owner@example.com"))).params).toEqual({
        retry_after: 3600,
      });
      clock.advance(3_600_000);
      await limiter.ensureAvailable(failures, "owner@example.com");
    },
  );

  it.runIf(available)(
    "reserves an event before it is known: a parallel burst gets exactly max, and a cancelled one is given back",
    async () => {
      clock.set(new Date("2030-01-01T12:00:00.000Z"));
      const limiter = createRateLimiter(store, clock.now);
      const failures = rule(5, 3_600_000);
      const granted = async (subject: string, attempts: number) =>
        (await Promise.allSettled(Array.from({ length: attempts }, () => limiter.reserve(failures, subject)))).flatMap(
          (outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []),
        );
      expect(await granted("burst@example.com", 20)).toHaveLength(5);

      const held = await granted("owner@example.com", 5);
      await held[0]!.cancel();
      await limiter.reserve(failures, "owner@example.com");
      await refusal(limiter.reserve(failures, "owner@example.com").then(() => undefined));
      // Cancelled after its window ended, a reservation gives the next window no extra event.
      clock.advance(3_600_000);
      await held[1]!.cancel();
      expect(await granted("owner@example.com", 6)).toHaveLength(5);
    },
  );
});

describe("the memory store", () => {
  it("forgets a counter after its lifetime", async () => {
    const store = createMemoryRateLimitStore(clock.now);
    await store.increment("key", 1000);
    await store.increment("key", 1000);
    expect(await store.get("key")).toBe(2);
    clock.advance(1000);
    expect(await store.get("key")).toBe(0);
    expect(await store.increment("key", 1000)).toBe(1);
  });
});
