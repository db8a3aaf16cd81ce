import type { Db } from "../../db/client.js";
import { createInvalidationChannel } from "../../platform/cache/invalidation-channel.js";
import { createResponseCache, type ResponseCache } from "../../platform/cache/response-cache.js";
import { onCatalogueChange } from "./products.events.js";

/** A cache of answers built from the catalogue, emptied with it; close() stops listening. */
export type CatalogueCache<T> = ResponseCache<T> & { close(): Promise<void> };

export type CatalogueCacheOptions = {
  /** The Redis channel its invalidations travel on: one per cache, so no cache is emptied twice for one change. */
  name: string;
  ttlMs: number;
  maxEntries: number;
  redisUrl: string | undefined;
  log: { error(object: object, message: string): void };
};

/**
 * Public answers read far more often than the catalogue changes (listings, game pages) are answered from memory.
 * Every catalogue change (products.events.ts) empties the cache, here at once and on the other instances over
 * Redis; the TTL bounds what no signal covers.
 */
export async function createCatalogueCache<T>(
  db: Db,
  { name, ttlMs, maxEntries, redisUrl, log }: CatalogueCacheOptions,
): Promise<CatalogueCache<T>> {
  const answers = createResponseCache<T>({ ttlMs, maxEntries });
  const channel = await createInvalidationChannel(name, redisUrl, answers.invalidate, log);
  const stopListening = onCatalogueChange(db, () => {
    answers.invalidate();
    channel.publish();
  });
  return {
    ...answers,
    async close() {
      stopListening();
      await channel.close();
    },
  };
}
