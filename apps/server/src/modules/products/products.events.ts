import type { Db } from "../../db/client.js";
import { createDbSignal } from "../../platform/cache/db-signal.js";
import { followChanges, type ChangeFollowing } from "../../platform/cache/follow-changes.js";
import { createResponseCache, type ResponseCache } from "../../platform/cache/response-cache.js";

/*
 * The "catalogue changed" signal (db-signal.ts). Public listings and search are answered from a cache
 * (products-listing.cache.ts) that must be emptied whenever what they show changes: a product going on or off sale
 * or edited, its images, its category. Every service that makes such a change calls catalogueChanged once its
 * transaction has committed.
 */

const signal = createDbSignal();

/** After a committed change to products, their images or categories: every cache of listings on `db` is stale. */
export function catalogueChanged(db: Db): void {
  signal.emit(db);
}

/** Runs `listener` on every catalogueChanged(db) until the returned function is called. */
export const onCatalogueChange: (db: Db, listener: () => void) => () => void = signal.listen;

/*
 * The "a seller's products changed" signal: what a member's chat list shows of each chat's product is kept in
 * memory (chats-list.cache.ts), private states (in moderation, sold) included, which the catalogue signal above
 * does not cover. Every write to a products or product_images row says whose product it was once its
 * transaction has ended (db/after-commit.ts), whatever the column.
 */

const sellerSignal = createDbSignal<[sellerId: string]>();

/** A write in `tx` to a product of the seller's, or to its pictures. */
export function sellerProductsChanged(tx: Db, sellerId: string): void {
  sellerSignal.emitAfterCommit(tx, sellerId);
}

/** Runs `listener` on every sellerProductsChanged(…) on `db` until the returned function is called. */
export const onSellerProductsChange: (db: Db, listener: (sellerId: string) => void) => () => void = sellerSignal.listen;

/** A cache of answers built from the catalogue, emptied with it; close() stops listening. */
export type CatalogueCache<T> = ResponseCache<T> & { close(): Promise<void> };

export type CatalogueCacheOptions = ChangeFollowing & {
  /** The Redis channel its invalidations travel on: one per cache, so no cache is emptied twice for one change. */
  name: string;
  ttlMs: number;
  maxEntries: number;
};

/**
 * Public answers read far more often than the catalogue changes (listings, game pages) are answered from memory.
 * Every catalogue change (products.events.ts) empties the cache, here at once and on the other instances over
 * Redis; the TTL bounds what no signal covers.
 */
export async function createCatalogueCache<T>(
  db: Db,
  { name, ttlMs, maxEntries, ...following }: CatalogueCacheOptions,
): Promise<CatalogueCache<T>> {
  const answers = createResponseCache<T>({ ttlMs, maxEntries });
  const changes = await followChanges(
    name,
    (onChange) => onCatalogueChange(db, () => onChange()),
    () => answers.invalidate(),
    following,
  );
  return { ...answers, close: changes.close };
}
