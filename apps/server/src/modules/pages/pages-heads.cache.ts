import type { Db } from "../../db/client.js";
import { createInvalidationChannel } from "../../platform/cache/invalidation-channel.js";
import { createResponseCache, type ResponseCache } from "../../platform/cache/response-cache.js";
import { onCatalogueChange } from "../products/products.events.js";

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
export type PageCache = ResponseCache<200 | 404> & { close(): Promise<void> };

export async function createPageCache(
  db: Db,
  options: { redisUrl: string | undefined; log: { error(object: object, message: string): void } },
): Promise<PageCache> {
  const pages = createResponseCache<200 | 404>({ ttlMs: PAGE_TTL_MS, maxEntries: MAX_CACHED_PAGES });
  const channel = await createInvalidationChannel("pages", options.redisUrl, pages.invalidate, options.log);
  const stopListening = onCatalogueChange(db, () => {
    pages.invalidate();
    channel.publish();
  });
  return {
    ...pages,
    async close() {
      stopListening();
      await channel.close();
    },
  };
}
