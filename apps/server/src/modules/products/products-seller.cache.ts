import type { SellerProductsQuery } from "@lootlane/contract";
import type { Db } from "../../db/client.js";
import { createDependentCache } from "../../platform/cache/dependent-cache.js";
import type { ChangeFollowing } from "../../platform/cache/follow-changes.js";
import { onCategoryChange } from "../categories/categories.events.js";
import { onUserRowChange } from "../users/users.events.js";
import { onSellerProductsChange } from "./products.events.js";
import { loadSellerPage } from "./products.service.js";
import type { ProductView } from "./products.views.js";

/*
 * A seller's pages of products (GET /products/user/{id}) answered from memory (issue 24): their own products page
 * and their profile read them on every visit. A page is built from three modules' rows and forgotten when any of
 * them changes (dependent-cache.ts): a product of the seller's, its pictures or units (products.events.ts), the
 * seller's row (their name, picture, rating; users.events.ts), any category (categories.events.ts). The seller and
 * admins see every status, everyone else what is on sale or sold: two pages, kept apart.
 */

/** What a lost invalidation (Redis unreachable) can leave stale: as long as "who am I". */
const TTL_MS = 10_000;
/** A page of views is some kB a product: a few hundred MB at most, for the sellers in demand. */
const MAX_PAGES = 5_000;

/** One page of one seller's products, as one audience sees them. */
export type SellerPageQuery = SellerProductsQuery & { sellerId: string; everyStatus: boolean };

export type SellerPageCache = {
  get(query: SellerPageQuery): Promise<ProductView[]>;
  close(): Promise<void>;
};

export async function createSellerPageCache(db: Db, following: ChangeFollowing): Promise<SellerPageCache> {
  const pages = await createDependentCache<ProductView[]>(
    "seller-products",
    (onChange) => {
      const stops = [
        onSellerProductsChange(db, (sellerId) => onChange(`products:${sellerId}`)),
        onUserRowChange(db, (userId) => onChange(`user:${userId}`)),
        onCategoryChange(db, () => onChange("categories")),
      ];
      return () => stops.forEach((stop) => stop());
    },
    async (key) => {
      const query = JSON.parse(key) as SellerPageQuery;
      const views = await loadSellerPage(db, query);
      return { value: views, dependsOn: [`products:${query.sellerId}`, `user:${query.sellerId}`, "categories"] };
    },
    { ttlMs: TTL_MS, maxEntries: MAX_PAGES, ...following },
  );
  return {
    get: ({ sellerId, everyStatus, shelf, page, per_page }) =>
      pages.get(JSON.stringify({ sellerId, everyStatus, shelf, page, per_page })),
    close: pages.close,
  };
}
