import { asc, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  categories,
  productImages,
  products,
  type Category as CategoryRow,
  type Product as ProductRow,
  type ProductImage as ProductImageRow,
} from "../../db/schema/catalog.js";
import { users, type User as UserRow } from "../../db/schema/users.js";
import { effectiveGuaranteeDays } from "../categories/categories.service.js";
import { soleUnitsOf } from "./products-units.service.js";

export type SellerRow = Pick<UserRow, "id" | "username" | "avatarUrl" | "rating">;

/**
 * A product with everything its answer shows. `goods` is what its seller and admins read as product_data,
 * encrypted: the delivery note, or for a listing without one the text of its only unit; null for a listing of
 * many units without a note.
 */
export type ProductView = {
  product: ProductRow;
  seller: SellerRow;
  category: CategoryRow;
  /** The guarantee in days its buyers get (issue 22): the category's own period, else its game's, else 0. */
  guaranteeDays: number;
  images: ProductImageRow[];
  goods: string | null;
};

/**
 * Completes product rows into views with batched queries (sellers, categories, images, the only units of listings
 * without a note) whatever the number of rows, keeping the rows' order: a page of 100 costs five queries, not
 * five hundred.
 */
export async function loadProductViews(db: Db, rows: readonly ProductRow[]): Promise<ProductView[]> {
  if (rows.length === 0) return [];
  const productIds = rows.map((row) => row.id);
  const [sellerRows, categoryRows, imageRows, soleUnits] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, avatarUrl: users.avatarUrl, rating: users.rating })
      .from(users)
      .where(inArray(users.id, unique(rows.map((row) => row.sellerId)))),
    db
      .select({ category: categories, guaranteeDays: effectiveGuaranteeDays })
      .from(categories)
      .where(inArray(categories.id, unique(rows.map((row) => row.categoryId)))),
    db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, productIds))
      .orderBy(asc(productImages.position), asc(productImages.createdAt), asc(productImages.id)),
    soleUnitsOf(db, rows),
  ]);
  const sellers = new Map(sellerRows.map((seller) => [seller.id, seller]));
  const categoriesById = new Map(categoryRows.map((row) => [row.category.id, row]));
  const imagesByProduct = new Map<string, ProductImageRow[]>();
  for (const image of imageRows)
    imagesByProduct.set(image.productId, [...(imagesByProduct.get(image.productId) ?? []), image]);
  // Foreign keys guarantee the seller and the category exist.
  return rows.map((product) => ({
    product,
    seller: sellers.get(product.sellerId)!,
    category: categoriesById.get(product.categoryId)!.category,
    guaranteeDays: categoriesById.get(product.categoryId)!.guaranteeDays,
    images: imagesByProduct.get(product.id) ?? [],
    goods: product.productDataEncrypted ?? soleUnits.get(product.id) ?? null,
  }));
}

/** Product rows by id in the order of `ids` (search results come ranked); ids no longer found are skipped. */
export async function loadProductRowsInOrder(db: Db, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(products)
    .where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
