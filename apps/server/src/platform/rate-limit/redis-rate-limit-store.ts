import { createClient } from "redis";
import type { RateLimitStore } from "./rate-limit-store.js";

type ErrorLog = { error(object: object, message: string): void };

/**
 * Counters shared by every instance, in Redis. Connects before returning, so a wrong REDIS_URL stops the boot.
 * Commands fail at once while the connection is down (no offline queue): a sign-in then answers an error
 * instead of hanging, and is never let through unlimited.
 */
export async function createRedisRateLimitStore(url: string, log: ErrorLog): Promise<RateLimitStore> {
  const client = createClient({ url, disableOfflineQueue: true });
  // Without a listener a dropped connection would crash the process; the client reconnects by itself.
  client.on("error", (error: unknown) => log.error({ err: error }, "rate-limit Redis connection error"));
  await client.connect();

  return {
    async increment(key, ttlMs) {
      // SET NX gives a new counter its lifetime exactly once; INCR keeps it. One MULTI, so no counter lives forever.
      const replies = await client
        .multi()
        .set(key, 0, { condition: "NX", expiration: { type: "PX", value: ttlMs } })
        .incr(key)
        .exec();
      return Number(replies[1]);
    },
    async get(key) {
      return Number((await client.get(key)) ?? 0);
    },
    async close() {
      await client.close();
    },
  };
}
