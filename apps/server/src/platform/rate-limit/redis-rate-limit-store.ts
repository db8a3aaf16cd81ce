import { createClient } from "redis";
import { redisOrLocal, type RedisErrorLog } from "../redis/redis-or-local.js";
import type { RateLimitStore } from "./rate-limit-store.js";

/**
 * Counters shared by every instance, in Redis. Connects before returning, so a wrong REDIS_URL stops the boot.
 *
 * While Redis is unreachable the counts go to `fallback` (this instance's memory) instead. Failing closed would
 * refuse every sign-in and every chat message for the whole outage; failing open would let a password guesser
 * through unlimited. With the fallback each instance still enforces every limit on its own count, so an attacker
 * gains at most one budget per instance, and per outage (the window's Redis count resumes when it is back).
 */
export async function createRedisRateLimitStore(
  url: string,
  log: RedisErrorLog,
  fallback: RateLimitStore,
): Promise<RateLimitStore> {
  const client = createClient({ url, disableOfflineQueue: true });
  // Without a listener a dropped connection would crash the process; the client reconnects by itself.
  client.on("error", (error: unknown) => log.error({ err: error }, "rate-limit Redis connection error"));
  await client.connect();

  const shared = redisOrLocal(client, log, "rate-limit Redis command failed; counting in memory");

  return {
    increment: (key, ttlMs) =>
      shared(
        async () => {
          // SET NX gives a new counter its lifetime exactly once; INCR keeps it. One MULTI, so no counter lives forever.
          const replies = await client
            .multi()
            .set(key, 0, { condition: "NX", expiration: { type: "PX", value: ttlMs } })
            .incr(key)
            .exec();
          return Number(replies[1]);
        },
        () => fallback.increment(key, ttlMs),
      ),
    get: (key) =>
      shared(
        async () => Number((await client.get(key)) ?? 0),
        () => fallback.get(key),
      ),
    decrement: (key) =>
      shared(
        async () => {
          // Only a counter that still exists: DECR on a missing key would create one without a lifetime.
          await client.eval("if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('DECR', KEYS[1]) end", {
            keys: [key],
          });
        },
        () => fallback.decrement(key),
      ),
    async close() {
      await Promise.all([client.close(), fallback.close()]);
    },
  };
}
