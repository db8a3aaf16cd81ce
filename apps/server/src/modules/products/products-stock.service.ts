import type { AddStockResult, StockLine, StockQuery } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products, type Product as ProductRow, type ProductUnit } from "../../db/schema/catalog.js";
import type { AuthUser } from "../../platform/auth/index.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { AppError } from "../../platform/errors/app-error.js";
import { isSellerOrAdmin, mayView } from "./products.access.js";
import { catalogueChanged } from "./products.events.js";
import { insertUnits, pageOfUnits, removeUnit } from "./products-units.service.js";

/*
 * The seller's stock calls (beyond the spec; ARCHITECTURE.md §4 "Stock"): units are never public, so only the
 * seller and admins learn that a listing's stock exists (anyone else is told PRODUCT_NOT_FOUND), and only the
 * seller changes it. Stock changes need no moderation: the units are not shown to anyone before they are sold.
 */

export type StockDeps = { db: Db; cipher: DataCipher };

/** A page of a listing's units as its answer shows them. */
export type StockView = { product: ProductRow; units: ProductUnit[]; total: number; sold: number; query: StockQuery };

/** GET /products/{id}/stock: the seller's or an admin's view of a listing's units, oldest first. */
export async function listStock(db: Db, viewer: AuthUser, productId: string, query: StockQuery): Promise<StockView> {
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product || !mayView(product, viewer) || !isSellerOrAdmin(product, viewer))
    throw new AppError("PRODUCT_NOT_FOUND");
  return { product, query, ...(await pageOfUnits(db, product, query)) };
}

/**
 * POST /products/{id}/stock: the seller adds units, all of them or none (see insertUnits). A sold-out listing
 * goes back on sale at once, so the catalogue is told.
 */
export async function addStock(
  { db, cipher }: StockDeps,
  seller: AuthUser,
  productId: string,
  lines: StockLine[],
): Promise<AddStockResult> {
  const inStock = await db.transaction(async (tx) =>
    insertUnits(tx, cipher, await lockOwnStock(tx, productId, seller), lines),
  );
  catalogueChanged(db);
  return { added: lines.length, in_stock: inStock };
}

/** DELETE /products/{id}/stock/{unitId}: the seller takes an unsold unit off; answers in_stock after. */
export async function removeStock(db: Db, seller: AuthUser, productId: string, unitId: string): Promise<number> {
  const inStock = await db.transaction(async (tx) => removeUnit(tx, await lockOwnStock(tx, productId, seller), unitId));
  catalogueChanged(db);
  return inStock;
}

/**
 * The seller's `auto` listing, locked as a purchase locks it (products-units.service.ts), so stock changes and
 * purchases of one listing take turns. Deleted listings have no stock to change, nor do a banned seller's
 * (`suspended`) until the unban. Admins read stock but do not change it.
 */
async function lockOwnStock(tx: Db, productId: string, user: AuthUser): Promise<ProductRow> {
  const [product] = await tx.select().from(products).where(eq(products.id, productId)).for("no key update");
  if (!product || !mayView(product, user) || product.deletedAt !== null || !isSellerOrAdmin(product, user))
    throw new AppError("PRODUCT_NOT_FOUND");
  if (product.sellerId !== user.id) throw new AppError("INSUFFICIENT_PERMISSIONS");
  if (product.delivery === "manual") throw new AppError("STOCK_IS_MANUAL");
  if (product.status === "suspended") throw new AppError("INVALID_PRODUCT_STATUS");
  return product;
}
