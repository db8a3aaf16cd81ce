import type { RelistProductBody } from "@lootlane/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products, type Product as ProductRow, type ProductStatus } from "../../db/schema/catalog.js";
import { users } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/index.js";
import { AppError, validationError } from "../../platform/errors/app-error.js";
import { assertSeller } from "./products-editing.service.js";
import { catalogueChanged, sellerProductsChanged } from "./products.events.js";
import { loadProductViews, type ProductView } from "./products.views.js";

/*
 * The seller's control of a listing that passed moderation (issue 19): pause it (off sale, kept with its stock),
 * resume it, relist it when it sold out. None of these needs a new moderation: the content does not change.
 *
 * None of them changes `listed_at` either (issue 21: "newest" orders by when the listing went on sale, set by its
 * approval): a resumed or relisted listing takes back its old place. Were a relist to count as going on sale anew,
 * pausing and relisting, or taking every unit off and relisting, would move any listing to the top of "newest" at
 * will, without the moderation that new content gets.
 */

/** A listing a buyer cannot take now, which the seller may put back on sale as it is. */
const RELISTABLE: readonly ProductStatus[] = ["paused", "purchased", "completed", "refunded"];

/**
 * POST /products/{id}/pause: an `active` listing goes off sale at once (gone from listings, search and its page for
 * everyone but the seller and admins) and keeps its stock and its open deals.
 */
export function pauseProduct(db: Db, user: AuthUser, productId: string): Promise<ProductView> {
  return changeOwnListing(db, user, productId, (product) => {
    if (product.status !== "active") throw new AppError("INVALID_PRODUCT_STATUS");
    return { status: "paused" };
  });
}

/** POST /products/{id}/resume: a paused listing goes back on sale, if it has something to sell. */
export function resumeProduct(db: Db, user: AuthUser, productId: string): Promise<ProductView> {
  return changeOwnListing(db, user, productId, async (product, tx) => {
    if (product.status !== "paused") throw new AppError("INVALID_PRODUCT_STATUS");
    if (product.inStock === 0) throw new AppError("OUT_OF_STOCK");
    await assertSellerNotBanned(tx, product.sellerId);
    return { status: "active" };
  });
}

/**
 * POST /products/{id}/relist: a sold-out (or paused) listing goes back on sale. A `manual` listing may be given its
 * new quantity; an `auto` one sells the units it has, so the seller adds units first.
 */
export function relistProduct(
  db: Db,
  user: AuthUser,
  productId: string,
  { quantity }: RelistProductBody,
): Promise<ProductView> {
  return changeOwnListing(db, user, productId, async (product, tx) => {
    if (!RELISTABLE.includes(product.status)) throw new AppError("INVALID_PRODUCT_STATUS");
    if (quantity !== undefined && product.delivery !== "manual")
      throw validationError([{ field: "quantity", message: "A quantity is for manual delivery" }]);
    const inStock = quantity ?? product.inStock;
    if (inStock === 0) throw new AppError("OUT_OF_STOCK");
    await assertSellerNotBanned(tx, product.sellerId);
    return { status: "active", inStock };
  });
}

type ListingChange = { status: ProductStatus; inStock?: number };

/**
 * Locks the seller's own listing, lets `decide` check the move and name the change, stores it, and tells the
 * listing caches once it is committed. NO KEY UPDATE, as the purchase locks it: a buy waits for the change and
 * then sees the new status.
 */
async function changeOwnListing(
  db: Db,
  user: AuthUser,
  productId: string,
  decide: (product: ProductRow, tx: Db) => ListingChange | Promise<ListingChange>,
): Promise<ProductView> {
  const row = await db.transaction(async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, productId)).for("no key update");
    assertSeller(product, user);
    const change = await decide(product, tx);
    const [updated] = await tx
      .update(products)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(products.id, productId))
      .returning();
    sellerProductsChanged(tx, product!.sellerId);
    return updated!;
  });
  catalogueChanged(db);
  const [view] = await loadProductViews(db, [row]);
  return view!;
}

/**
 * Shared lock on the seller, as an approval takes: a ban running now either finishes first (then the seller is
 * refused here) or waits for this change and then suspends the listing it finds on sale.
 */
async function assertSellerNotBanned(tx: Db, sellerId: string): Promise<void> {
  const [seller] = await tx.select({ isBanned: users.isBanned }).from(users).where(eq(users.id, sellerId)).for("share");
  if (seller?.isBanned) throw new AppError("USER_IS_BANNED");
}
