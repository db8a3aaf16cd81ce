import type { Product as ProductRow, ProductStatus } from "../../db/schema/catalog.js";
import type { Viewer } from "../users/users.service.js";

/*
 * Who may see what of a product (ARCHITECTURE.md §4), in one place for every call of the module.
 */

/** Statuses anyone may see: on sale, or sold (a seller's profile shows their sales). */
export const PUBLIC_STATUSES = ["active", "purchased", "completed"] as const satisfies readonly ProductStatus[];

/** The seller and admins see every status and the goods. */
export function isSellerOrAdmin(product: Pick<ProductRow, "sellerId">, viewer: Viewer): boolean {
  return viewer !== undefined && (viewer.id === product.sellerId || viewer.role === "admin");
}

/**
 * Products in moderation or rejected (and withdrawn, refunded or suspended by a ban) exist only for their seller and admins;
 * a deleted product only for admins, so a deleted listing looks gone to its seller as to everyone else.
 * Anyone else is told PRODUCT_NOT_FOUND, as if it did not exist.
 */
export function mayView(product: Pick<ProductRow, "sellerId" | "status" | "deletedAt">, viewer: Viewer): boolean {
  if (product.deletedAt !== null) return viewer?.role === "admin";
  return (PUBLIC_STATUSES as readonly string[]).includes(product.status) || isSellerOrAdmin(product, viewer);
}

/** product_data is the goods: only the seller and admins read it here (the buyer gets it with the deal). */
export function mayReadGoods(product: Pick<ProductRow, "sellerId">, viewer: Viewer): boolean {
  return isSellerOrAdmin(product, viewer);
}
