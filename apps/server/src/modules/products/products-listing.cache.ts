import type { ListingFilters, PageQuery } from "@lootlane/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { sendCachedJson } from "../../platform/cache/cached-reply.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { createCatalogueCache } from "./products.events.js";
import type { ProductView } from "./products.views.js";
import type { PresentContext } from "./products.presenter.js";
import type { PageStart } from "./products-listing.service.js";

/*
 * Public listings and search answered from memory. The same few pages (the home page, each game's first page)
 * are asked for far more often than anything in them changes, and building one costs several queries and a
 * schema-checked serialisation of 30 products; sending a cached one costs a map lookup.
 *
 * An entry is the guest's answer, serialised exactly as the route's response schema would, with an ETag. The
 * cache is emptied on every catalogue change (products.events.ts), here at once and on the other instances
 * over Redis; the TTL bounds what no signal covers (a seller's new avatar, who is online now).
 */

/** How long an entry may live without an invalidation: the staleness of what sends no signal. */
const LISTING_TTL_MS = 10_000;

/**
 * A page of 30 is some 30 kB of JSON plus its views, about 100 kB in all: at most some 50 MB. The pages asked for
 * most (first pages, each game, common searches) stay; a crawl of deep pages only cycles the rest.
 */
const MAX_CACHED_LISTINGS = 500;

/** A listing as cached: its views, and how to present them to a viewer. */
export type Listing<Answer> = { views: readonly ProductView[]; present(context: PresentContext): Answer };

export type ListingCache = {
  /**
   * Answers a public listing or search: from the cache when the viewer sees what a guest sees (with ETag and 304),
   * else presented for the viewer from the cached views (the page holds their own goods, or they are an admin).
   */
  reply<S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    schema: S,
    load: () => Promise<Listing<z.output<S>>>,
  ): Promise<z.output<S> | void>;
  /**
   * Where a page starts when the page before is cached (a visitor pressing "load more"): after that page's last
   * product, so the page is read by key rather than by skipping every product before it.
   */
  pageStart(listing: ListingName, paging: PageQuery): PageStart;
  close(): Promise<void>;
};

/** A listing and everything that filters it, e.g. ["category", id]: one page of it is one cache entry. */
export type ListingName = ReadonlyArray<string | number | undefined>;

/**
 * A listing with everything that narrows or orders it (issue 21), so two listings that differ in any filter or the
 * sort never share an entry, nor a page start.
 */
export function filteredListing(listing: ListingName, filters: ListingFilters): ListingName {
  const { sort, min_price, max_price, delivery, online, min_rating, after } = filters;
  return [...listing, sort, min_price, max_price, delivery, online, min_rating, after];
}

/** The cache key of one page of a listing. JSON, so no search text can spell another listing's key. */
export function pageKey(listing: ListingName, { page, per_page }: PageQuery): string {
  return JSON.stringify([...listing, per_page, page]);
}

export async function createListingCache(
  db: Db,
  options: { cipher: DataCipher; redisUrl: string | undefined; log: { error(object: object, message: string): void } },
): Promise<ListingCache> {
  const { cipher } = options;
  const answers = await createCatalogueCache<Listing<unknown>>(db, {
    name: "catalogue",
    ttlMs: LISTING_TTL_MS,
    maxEntries: MAX_CACHED_LISTINGS,
    redisUrl: options.redisUrl,
    log: options.log,
  });

  return {
    async reply(request, reply, key, schema, load) {
      const answer = await answers.get(key, async () => {
        const listing = await load();
        return {
          value: listing,
          body: JSON.stringify(z.encode(schema, listing.present({ viewer: undefined, cipher }))),
        };
      });
      const viewer = request.user;
      if (
        viewer !== undefined &&
        (viewer.role === "admin" || answer.value.views.some((view) => view.product.sellerId === viewer.id))
      ) {
        // is_owner and the goods make this answer the viewer's alone: no shared validator, nothing kept downstream.
        void reply.header("cache-control", "private, no-store");
        return answer.value.present({ viewer, cipher }) as z.output<typeof schema>;
      }
      // no-cache: a client or proxy may keep the answer but must ask again (a 304 when unchanged) before using it,
      // so a product that was just bought never shows as on sale. The cookie decides whose answer this is.
      void reply
        .header("cache-control", viewer === undefined ? "public, no-cache" : "private, no-cache")
        .header("vary", "cookie");
      sendCachedJson(request, reply, answer);
    },
    pageStart(listing, paging) {
      if (paging.page === 1) return {};
      return {
        afterProductId: answers.peek(pageKey(listing, { ...paging, page: paging.page - 1 }))?.value.views.at(-1)
          ?.product.id,
      };
    },
    close: () => answers.close(),
  };
}
