import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";
import { sellerProductsChanged } from "./products.events.js";

/**
 * A deleted account's listings leave the catalogue as a seller's delete would leave them (soft-deleted, rows kept
 * for the deals that sold them). The caller has made sure no deal of the seller is open, and signals the
 * catalogue change once it has committed. Answers the ids it deleted.
 */
export async function deleteSellerProducts(tx: Db, sellerId: string): Promise<string[]> {
  const deleted = await tx
    .update(products)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(products.sellerId, sellerId), isNull(products.deletedAt)))
    .returning({ id: products.id });
  sellerProductsChanged(tx, sellerId);
  return deleted.map((row) => row.id);
}
