import type { Db } from "../../db/client.js";
import { createInvalidationChannel } from "../../platform/cache/invalidation-channel.js";
import { createResponseCache } from "../../platform/cache/response-cache.js";
import { onSellerStatsChange } from "./users.events.js";
import { loadSellerRecord, type OnlineUsers, type SellerRecord, type SellerStatsView } from "./users-stats.service.js";

/*
 * Sellers' stats for the product page, kept in memory (issue 24): every view of a product shows them, and their
 * query was then all the database work a cached product page had left. What the cache keeps changes only with a
 * committed change that says so (users.events.ts), here at once and over Redis on the other instances; presence,
 * which changes with every socket on any instance, is looked up on every answer (the presence store, no query).
 */

/** What a lost invalidation (Redis unreachable) can leave stale: as long as the catalogue's caches. */
const TTL_MS = 10_000;
/** An entry is a few numbers and dates: every seller with a product in demand. */
const MAX_SELLERS = 20_000;

export type SellerStatsCache = {
  get(sellerId: string): Promise<SellerStatsView>;
  close(): Promise<void>;
};

export async function createSellerStatsCache(
  db: Db,
  options: {
    presence: OnlineUsers;
    redisUrl: string | undefined;
    log: { error(object: object, message: string): void };
  },
): Promise<SellerStatsCache> {
  const { presence } = options;
  const records = createResponseCache<SellerRecord>({ ttlMs: TTL_MS, maxEntries: MAX_SELLERS });
  const channel = await createInvalidationChannel(
    "seller-stats",
    options.redisUrl,
    (sellerId) => (sellerId === undefined ? records.invalidate() : records.forget(sellerId)),
    options.log,
  );
  const stopListening = onSellerStatsChange(db, (sellerId) => {
    records.forget(sellerId);
    channel.publish(sellerId);
  });
  return {
    async get(sellerId) {
      const [{ value }, online] = await Promise.all([
        // Presented with the presence per answer, so nothing of it is sent as cached: no body.
        records.get(sellerId, async () => ({ value: await loadSellerRecord(db, sellerId), body: "" })),
        presence.online([sellerId]),
      ]);
      return { ...value, isOnline: online.has(sellerId) };
    },
    async close() {
      stopListening();
      await channel.close();
    },
  };
}
