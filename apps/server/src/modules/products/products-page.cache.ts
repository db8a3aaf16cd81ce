import type { ProductWithSellerStats } from "@lootlane/contract";
import { productWithSellerStatsSchema } from "@lootlane/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { sendCachedJson } from "../../platform/cache/cached-reply.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { OnlineUsers, SellerStatsView } from "../users/users.service.js";
import { createCatalogueCache } from "./products.events.js";
import { presentProductWithSellerStats } from "./products.presenter.js";
import { getProductWithSellerStats } from "./products.service.js";
import type { ProductView } from "./products.views.js";

/*
 * GET /products/{id} answered from memory (issue 24). A product everyone may see is read by every buyer who opens
 * its link, far more often than it changes, and building it costs a product read, four batched queries and the
 * seller's stats. The cache holds the guest's answer, serialised, per product; the product's seller is shown their
 * own view (is_owner, the goods) from the same cached parts. Admins, and signed-in viewers of a product the public
 * may not see (it may be their own in moderation), are read anew: the first see everything, the second are rare.
 *
 * Emptied with the listings on every catalogue change (products.events.ts); the TTL bounds what sends no signal:
 * a seller's completed deals, their presence, a new avatar.
 */

const PRODUCT_TTL_MS = 10_000;
/** An answer with its view is a few kB: some 20 MB at most. The products in demand stay; a crawl cycles the rest. */
const MAX_CACHED_PRODUCTS = 5_000;

/** What the guest's answer is built from, or null when a guest may not see the product (cached as such). */
type ProductPage = { view: ProductView; sellerStats: SellerStatsView } | null;

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
  const pages = await createCatalogueCache<ProductPage>(db, {
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
      const answer = await pages.get(productId, async () => {
        const page = await guestPage(db, presence, productId);
        const body =
          page &&
          JSON.stringify(
            z.encode(productWithSellerStatsSchema, presentProductWithSellerStats(page, { viewer: undefined, cipher })),
          );
        return { value: page, body: body ?? "" };
      });
      const page = answer.value;
      if (page === null) {
        if (viewer === undefined) throw new AppError("PRODUCT_NOT_FOUND");
        return readAnew(reply, productId, viewer);
      }
      if (viewer !== undefined && page.view.product.sellerId === viewer.id) {
        // is_owner and the goods make this answer the seller's alone.
        void reply.header("cache-control", "private, no-store");
        return presentProductWithSellerStats(page, { viewer, cipher });
      }
      // As the listings: kept but revalidated (a 304 when unchanged), so a sold product never shows as on sale.
      void reply
        .header("cache-control", viewer === undefined ? "public, no-cache" : "private, no-cache")
        .header("vary", "cookie");
      sendCachedJson(request, reply, answer);
    },
    close: () => pages.close(),
  };
}

async function guestPage(db: Db, presence: OnlineUsers, productId: string): Promise<ProductPage> {
  try {
    return await getProductWithSellerStats(db, presence, productId, undefined);
  } catch (error) {
    if (error instanceof AppError && error.code === "PRODUCT_NOT_FOUND") return null;
    throw error;
  }
}
