import { productDetailSchema, sellerStatsSchema, type ProductWithSellerStats } from "@lootlane/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { sendCachedJson } from "../../platform/cache/cached-reply.js";
import { etagOf } from "../../platform/cache/response-cache.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { AppError } from "../../platform/errors/app-error.js";
import { presentSellerStats } from "../users/users.presenter.js";
import { createSellerStatsCache, type OnlineUsers, type SellerStatsView } from "../users/users.service.js";
import { createCatalogueCache } from "./products.events.js";
import { presentProductDetail, presentProductWithSellerStats, type PresentContext } from "./products.presenter.js";
import { findProductView, getProductWithSellerStats } from "./products.service.js";
import type { ProductView } from "./products.views.js";

/*
 * GET /products/{id} answered from memory (issue 24). A product everyone may see is read by every buyer who opens
 * its link, far more often than it changes, and building it costs a product read and four batched queries. The
 * cache holds the guest's view of each product, serialised; the product's seller is shown their own view
 * (is_owner, the goods) from the same cached parts. Admins, and signed-in viewers of a product the public may not
 * see (it may be their own in moderation), are read anew: the first see everything, the second are rare.
 *
 * The seller's stats are added to every answer from a cache of their own (users-stats.cache.ts): they change with
 * deals, reviews and presence, none of which is a catalogue change, and a buyer deciding whom to trust must not be
 * told a seller who just left is online.
 *
 * Emptied with the listings on every catalogue change (products.events.ts); the TTL bounds what sends no signal,
 * such as a new avatar.
 */

const PRODUCT_TTL_MS = 10_000;
/** A view with its JSON is a few kB: some 20 MB at most. The products in demand stay; a crawl cycles the rest. */
const MAX_CACHED_PRODUCTS = 5_000;

/** The guest's view, or null when a guest may not see the product (cached as such). */
type GuestView = ProductView | null;

export type ProductPageCache = {
  reply(request: FastifyRequest, reply: FastifyReply, productId: string): Promise<ProductWithSellerStats | void>;
  close(): Promise<void>;
};

export async function createProductPageCache(
  db: Db,
  options: {
    cipher: DataCipher;
    presence: OnlineUsers;
    redisUrl: string | undefined;
    log: { error(object: object, message: string): void };
  },
): Promise<ProductPageCache> {
  const { cipher, presence } = options;
  const guestContext: PresentContext = { viewer: undefined, cipher };
  const sellers = await createSellerStatsCache(db, options);
  const views = await createCatalogueCache<GuestView>(db, {
    name: "product",
    ttlMs: PRODUCT_TTL_MS,
    maxEntries: MAX_CACHED_PRODUCTS,
    redisUrl: options.redisUrl,
    log: options.log,
  });

  const readAnew = async (reply: FastifyReply, productId: string, viewer: FastifyRequest["user"]) => {
    void reply.header("cache-control", "private, no-store");
    return presentProductWithSellerStats(await getProductWithSellerStats(db, presence, productId, viewer), {
      viewer,
      cipher,
    });
  };

  return {
    async reply(request, reply, productId) {
      const viewer = request.user;
      if (viewer?.role === "admin") return readAnew(reply, productId, viewer);
      const cached = await views.get(productId, async () => {
        const view = await guestView(db, productId);
        const body = view && JSON.stringify(z.encode(productDetailSchema, presentProductDetail(view, guestContext)));
        return { value: view, body: body ?? "" };
      });
      const view = cached.value;
      if (view === null) {
        if (viewer === undefined) throw new AppError("PRODUCT_NOT_FOUND");
        return readAnew(reply, productId, viewer);
      }
      const sellerStats = await sellers.get(view.product.sellerId);
      if (viewer !== undefined && view.product.sellerId === viewer.id) {
        // is_owner and the goods make this answer the seller's alone.
        void reply.header("cache-control", "private, no-store");
        return presentProductWithSellerStats({ view, sellerStats }, { viewer, cipher });
      }
      // As the listings: kept but revalidated (a 304 when unchanged), so a sold product never shows as on sale.
      void reply
        .header("cache-control", viewer === undefined ? "public, no-cache" : "private, no-cache")
        .header("vary", "cookie");
      sendCachedJson(request, reply, withSellerStats(cached.body, sellerStats));
    },
    close: async () => {
      await Promise.all([views.close(), sellers.close()]);
    },
  };
}

async function guestView(db: Db, productId: string): Promise<GuestView> {
  try {
    return await findProductView(db, productId, undefined);
  } catch (error) {
    if (error instanceof AppError && error.code === "PRODUCT_NOT_FOUND") return null;
    throw error;
  }
}

/**
 * The guest's answer: the cached product JSON with the stats spliced in as its last member, so the product is not
 * encoded again per request. An object's JSON always ends in its closing brace.
 */
function withSellerStats(productJson: Buffer, sellerStats: SellerStatsView): { body: Buffer; etag: string } {
  const stats = JSON.stringify(z.encode(sellerStatsSchema, presentSellerStats(sellerStats)));
  const body = Buffer.concat([productJson.subarray(0, -1), Buffer.from(`,"seller_stats":${stats}}`)]);
  return { body, etag: etagOf(body) };
}
