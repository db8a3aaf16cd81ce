import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products, type ProductStatus } from "../../db/schema/catalog.js";
import { users } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/index.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { Clock } from "../../platform/time/clock.js";
import { recordAdminAction } from "../audit/audit.service.js";
import { notify } from "../notifications/notifications.service.js";
import { catalogueChanged, sellerProductsChanged } from "./products.events.js";
import { loadProductViews, type ProductView } from "./products.views.js";

/** What moderation needs besides the database: the time its decisions are told to sellers at. */
export type ModerationDeps = { db: Db; clock: Clock };

/**
 * Admin Approve: a product in moderation goes on sale (`active`; the API never says `approved`), or straight to
 * `suspended` when its seller is banned, so the unban puts it on sale with the rest of their products. One whose
 * seller removed every unit while it waited is approved sold out (`completed`, never sold, so no deal is open):
 * the units the seller adds put it on sale. A reason given at an earlier rejection no longer applies and is
 * cleared. The approval is when the listing went on sale (`listed_at`, what "newest" orders by), whichever of the
 * three it becomes: the unban or the new units that later put it on sale keep that time, as every other way back on
 * sale does (products-control.service.ts). Only content judged anew moves a listing up.
 */
export function approveProduct(deps: ModerationDeps, admin: Pick<AuthUser, "id">, productId: string): Promise<void> {
  return decideModeration(deps, admin, productId, { decision: "approve", reason: null });
}

/**
 * Admin Reject: a product in moderation is refused with the reason its seller reads (optional for the spec's
 * clients); the seller may edit and resubmit it.
 */
export function rejectProduct(
  deps: ModerationDeps,
  admin: Pick<AuthUser, "id">,
  productId: string,
  reason: string | undefined,
): Promise<void> {
  return decideModeration(deps, admin, productId, { decision: "reject", reason: reason ?? null });
}

/** Listings an admin may take down: on sale, paused, or sold out and so one relist away from sale. */
const TAKE_DOWN_STATUSES: readonly ProductStatus[] = ["active", "paused", "purchased", "completed", "refunded"];

/**
 * POST /admin/products/take-down: a listing that passed moderation is taken off sale for good (`withdrawn`) with
 * the reason its seller reads; its open deals go on as they are. Answers the listing as it now is.
 */
export async function takeDownProduct(
  { db, clock }: ModerationDeps,
  admin: Pick<AuthUser, "id">,
  productId: string,
  reason: string,
): Promise<ProductView> {
  const row = await db.transaction(async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, productId)).for("no key update");
    if (!product || product.deletedAt !== null) throw new AppError("PRODUCT_NOT_FOUND");
    if (!TAKE_DOWN_STATUSES.includes(product.status)) throw new AppError("INVALID_PRODUCT_STATUS");
    const [updated] = await tx
      .update(products)
      .set({ status: "withdrawn", statusReason: reason, updatedAt: sql`now()` })
      .where(eq(products.id, productId))
      .returning();
    sellerProductsChanged(tx, product.sellerId);
    await recordAdminAction(tx, admin, {
      action: "product.take_down",
      targetType: "product",
      targetId: productId,
      before: { status: product.status },
      after: { status: "withdrawn", reason },
    });
    await notify(tx, clock, product.sellerId, {
      event: "product_taken_down",
      params: { product_id: productId, product_title: product.title, reason },
    });
    return updated!;
  });
  catalogueChanged(db);
  const [view] = await loadProductViews(db, [row]);
  return view!;
}

/**
 * Only a product waiting in moderation can be decided, once: of two admins deciding at the same moment the
 * second gets INVALID_PRODUCT_STATUS rather than silently overwriting the first decision.
 */
async function decideModeration(
  { db, clock }: ModerationDeps,
  admin: Pick<AuthUser, "id">,
  productId: string,
  { decision, reason }: { decision: "approve" | "reject"; reason: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({
        title: products.title,
        status: products.status,
        deletedAt: products.deletedAt,
        sellerId: products.sellerId,
        inStock: products.inStock,
      })
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
    const status: ProductStatus =
      decision === "reject"
        ? "rejected"
        : seller?.isBanned
          ? "suspended"
          : product.inStock > 0
            ? "active"
            : "completed";
    await tx
      .update(products)
      .set({
        status,
        statusReason: reason,
        ...(decision === "approve" ? { listedAt: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, productId));
    sellerProductsChanged(tx, product.sellerId);
    await recordAdminAction(tx, admin, {
      action: `product.${decision}`,
      targetType: "product",
      targetId: productId,
      before: { status: product.status },
      after: reason === null ? { status } : { status, reason },
    });
    const about = { product_id: productId, product_title: product.title };
    // A rejection the spec's clients send without a reason still tells the seller; the texts show it empty.
    await notify(
      tx,
      clock,
      product.sellerId,
      decision === "approve"
        ? { event: "product_approved", params: about }
        : { event: "product_rejected", params: { ...about, reason: reason ?? "" } },
    );
  });
  catalogueChanged(db);
}
