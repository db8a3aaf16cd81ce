import type { Db } from "../../db/client.js";

/*
 * The "catalogue changed" signal. Public listings and search are answered from a cache (products-listing.cache.ts)
 * that must be emptied whenever what they show changes: a product going on or off sale or edited, its images,
 * its category. Every service that makes such a change calls catalogueChanged once its transaction has
 * committed: called earlier, a listing read in between would cache the old state again.
 *
 * Listeners are kept per database handle, the one thing every service already has, so apps on different
 * databases (tests) never empty each other's caches.
 */

const listeners = new WeakMap<Db, Set<() => void>>();

/** After a committed change to products, their images or categories: every cache of listings on `db` is stale. */
export function catalogueChanged(db: Db): void {
  for (const listener of listeners.get(db) ?? []) listener();
}

/** Runs `listener` on every catalogueChanged(db) until the returned function is called. */
export function onCatalogueChange(db: Db, listener: () => void): () => void {
  const forDb = listeners.get(db) ?? new Set();
  listeners.set(db, forDb);
  forDb.add(listener);
  return () => forDb.delete(listener);
}
