import type { Db } from "../../db/client.js";
import { createCatalogueCache, type CatalogueCache } from "../products/products.events.js";

/*
 * Pages whose head is read from the database (products, profiles, games), kept rendered: a shared product link
 * brings a burst of previews and visits, each of which would otherwise cost the product page's queries. Emptied
 * with the catalogue's caches (products.events.ts), here at once and on the other instances over Redis; the TTL
 * bounds what sends no signal: a profile's description or avatar, a seller's new rating, a category's edit.
 */

/** The staleness of what no signal covers, as the listings' cache allows. */
const PAGE_TTL_MS = 10_000;
/** A rendered page is a few kB: some 10 MB at most. */
const MAX_CACHED_PAGES = 2_000;

/** A cached page: its status (the body is the whole document). */
export type PageCache = CatalogueCache<200 | 404>;

export function createPageCache(
  db: Db,
  options: { redisUrl: string | undefined; log: { error(object: object, message: string): void } },
): Promise<PageCache> {
  return createCatalogueCache(db, { name: "pages", ttlMs: PAGE_TTL_MS, maxEntries: MAX_CACHED_PAGES, ...options });
}
