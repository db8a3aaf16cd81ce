import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";
import { users } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/index.js";
import { AppError } from "../../platform/errors/app-error.js";
import { recordAdminAction } from "../audit/audit.service.js";
import { catalogueChanged } from "./products.events.js";

/**
 * Admin Approve: a product in moderation goes on sale (`active`; the API never says `approved`), or straight to
 * `suspended` when its seller is banned, so the unban puts it on sale with the rest of their products.
 */
export function approveProduct(db: Db, admin: Pick<AuthUser, "id">, productId: string): Promise<void> {
  return decideModeration(db, admin, productId, "approve");
}

/** Admin Reject: a product in moderation is refused; its seller may edit and resubmit it. */
export function rejectProduct(db: Db, admin: Pick<AuthUser, "id">, productId: string): Promise<void> {
  return decideModeration(db, admin, productId, "reject");
}

/**
 * Only a product waiting in moderation can be decided, once: of two admins deciding at the same moment the
 * second gets INVALID_PRODUCT_STATUS rather than silently overwriting the first decision.
 */
async function decideModeration(
  db: Db,
  admin: Pick<AuthUser, "id">,
  productId: string,
  decision: "approve" | "reject",
): Promise<void> {
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ status: products.status, deletedAt: products.deletedAt, sellerId: products.sellerId })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!product || product.deletedAt !== null) throw new AppError("PRODUCT_NOT_FOUND");
    if (product.status !== "moderation") throw new AppError("INVALID_PRODUCT_STATUS");
    // Shared lock: a ban running now (it locks the user row for update) finishes first, or waits for this one
    // and then finds the product on sale and suspends it; either way a banned seller's product is not on sale.
    const [seller] = await tx
      .select({ isBanned: users.isBanned })
      .from(users)
      .where(eq(users.id, product.sellerId))
      .for("share");
    const status = decision === "reject" ? "rejected" : seller?.isBanned ? "suspended" : "active";
    await tx
      .update(products)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(products.id, productId));
    await recordAdminAction(tx, admin, {
      action: `product.${decision}`,
      targetType: "product",
      targetId: productId,
      before: { status: product.status },
      after: { status },
    });
  });
  catalogueChanged(db);
}
