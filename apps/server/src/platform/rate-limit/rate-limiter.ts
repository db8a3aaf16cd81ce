import { createHash } from "node:crypto";
import type { ErrorCode } from "@lootlane/contract";
import type { Config } from "../../config.js";
import { AppError } from "../errors/app-error.js";
import type { Clock } from "../time/clock.js";
import { createMemoryRateLimitStore, type RateLimitStore } from "./rate-limit-store.js";
import { createRedisRateLimitStore } from "./redis-rate-limit-store.js";

/**
 * At most `max` events per subject (an IP, an e-mail, a user) in each fixed window of `windowMs`; refused with
 * `code` (a 429 whose text takes `retry_after`), TOO_MANY_REQUESTS unless told.
 */
export type RateLimitRule = { name: string; max: number; windowMs: number; code?: ErrorCode };

/**
 * Fixed-window limits for business events (sign-in failures, codes mailed), where @fastify/rate-limit's
 * one-hit-per-request model does not fit. Windows are aligned to the clock (window n covers
 * [n·windowMs, (n+1)·windowMs)), so both stores agree and a block always ends when its window does.
 * A refusal is 429 TOO_MANY_REQUESTS with `retry_after` seconds (also sent as `Retry-After`).
 */
export type RateLimiter = {
  /** Counts one event and refuses it when that goes over the rule's max. */
  consume(rule: RateLimitRule, subject: string): Promise<void>;
  /** Refuses when the max is already used up in this window; counts nothing (e.g. before checking a password). */
  ensureAvailable(rule: RateLimitRule, subject: string): Promise<void>;
  /** Counts one event without refusing (e.g. a failed sign-in, known only afterwards). */
  record(rule: RateLimitRule, subject: string): Promise<void>;
  /**
   * Counts one event before it is known to be one, refusing like consume, and answers how to take it back.
   * For events that are slow to establish (a wrong password: argon2 takes tens of milliseconds): checking
   * with ensureAvailable and recording afterwards would let every request of a parallel burst pass the check.
   */
  reserve(rule: RateLimitRule, subject: string): Promise<Reservation>;
};

/** An event counted in advance; `cancel` when it turned out not to be one (e.g. the password was right). */
export type Reservation = { cancel(): Promise<void> };

export function createRateLimiter(store: RateLimitStore, clock: Clock): RateLimiter {
  const window = (rule: RateLimitRule, subject: string) => {
    const nowMs = clock().getTime();
    const index = Math.floor(nowMs / rule.windowMs);
    const endsInMs = (index + 1) * rule.windowMs - nowMs;
    // Subjects are hashed: keys stay short and the store never holds e-mail addresses.
    const digest = createHash("sha256").update(subject).digest("base64url").slice(0, 22);
    return { key: `lootlane:rate:${rule.name}:${index}:${digest}`, endsInMs };
  };
  const refuse = (rule: RateLimitRule, endsInMs: number) =>
    new AppError(rule.code ?? "TOO_MANY_REQUESTS", { retry_after: Math.max(1, Math.ceil(endsInMs / 1000)) });

  return {
    async consume(rule, subject) {
      const { key, endsInMs } = window(rule, subject);
      if ((await store.increment(key, endsInMs)) > rule.max) throw refuse(rule, endsInMs);
    },
    async ensureAvailable(rule, subject) {
      const { key, endsInMs } = window(rule, subject);
      if ((await store.get(key)) >= rule.max) throw refuse(rule, endsInMs);
    },
    async record(rule, subject) {
      const { key, endsInMs } = window(rule, subject);
      await store.increment(key, endsInMs);
    },
    async reserve(rule, subject) {
      const { key, endsInMs } = window(rule, subject);
      if ((await store.increment(key, endsInMs)) > rule.max) throw refuse(rule, endsInMs);
      // The window of the reservation, even if the next one has begun by now.
      return { cancel: () => store.decrement(key) };
    },
  };
}

/** Redis when REDIS_URL is set (several instances share the counters), else process memory. */
export function createRateLimitStore(
  config: Pick<Config, "redisUrl">,
  clock: Clock,
  log: { error(object: object, message: string): void },
): Promise<RateLimitStore> {
  return config.redisUrl
    ? createRedisRateLimitStore(config.redisUrl, log, createMemoryRateLimitStore(clock))
    : Promise.resolve(createMemoryRateLimitStore(clock));
}
