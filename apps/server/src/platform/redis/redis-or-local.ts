/** Where a Redis-backed store reports what went wrong. */
export type RedisErrorLog = { error(object: object, message: string): void };

/** Runs a Redis command, or answers without Redis; see redisOrLocal. */
export type RedisOrLocal = <T>(viaRedis: () => Promise<T>, local: () => T | Promise<T>) => Promise<T>;

/**
 * How the stores that instances share through Redis keep working through a Redis outage (rate limits, presence):
 * each call answers from this instance's own state while the client is not ready or when the command fails.
 * Readiness is checked first because node-redis queues a MULTI until it reconnects, even without an offline
 * queue, which would hold the request for the whole outage.
 */
export function redisOrLocal(client: { isReady: boolean }, log: RedisErrorLog, failure: string): RedisOrLocal {
  return async (viaRedis, local) => {
    if (!client.isReady) return local();
    try {
      return await viaRedis();
    } catch (error) {
      log.error({ err: error }, failure);
      return local();
    }
  };
}
