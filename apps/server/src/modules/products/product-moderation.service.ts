import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";
import { AppError } from "../../platform/errors/app-error.js";

/** Admin Approve: a product in moderation goes on sale (`active`; the API never says `approved`). */
export function approveProduct(db: Db, productId: string): Promise<void> {
  return decideModeration(db, productId, "active");
}

/** Admin Reject: a product in moderation is refused; its seller may edit and resubmit it. */
export function rejectProduct(db: Db, productId: string): Promise<void> {
  return decideModeration(db, productId, "rejected");
}

/**
 * Only a product waiting in moderation can be decided, once: of two admins deciding at the same moment the
 * second gets INVALID_PRODUCT_STATUS rather than silently overwriting the first decision.
 */
async function decideModeration(db: Db, productId: string, status: "active" | "rejected"): Promise<void> {
  await db.transaction(async (tx) => {
    const [product] = await tx.select({ status: products.status, deletedAt: products.deletedAt }).from(products).where(eq(products.id, productId)).for("update");
    if (!product || product.deletedAt !== null) throw new AppError("PRODUCT_NOT_FOUND");
    if (product.status !== "moderation") throw new AppError("INVALID_PRODUCT_STATUS");
    await tx.update(products).set({ status, updatedAt: sql`now()` }).where(eq(products.id, productId));
  });
}
