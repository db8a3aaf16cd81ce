import type { Db } from "../../db/client.js";
import type { ChangeFollowing } from "../../platform/cache/follow-changes.js";
import { createFollowedCache } from "../../platform/cache/followed-cache.js";
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
  { presence, ...following }: ChangeFollowing & { presence: OnlineUsers },
): Promise<SellerStatsCache> {
  const records = await createFollowedCache<SellerRecord>(
    "seller-stats",
    (onChange) => onSellerStatsChange(db, onChange),
    (sellerId) => loadSellerRecord(db, sellerId),
    { ttlMs: TTL_MS, maxEntries: MAX_SELLERS, ...following },
  );
  return {
    async get(sellerId) {
      const [record, online] = await Promise.all([records.get(sellerId), presence.online([sellerId])]);
      return { ...record, isOnline: online.has(sellerId) };
    },
    close: records.close,
  };
}
