import {
  kopecksToRoubles,
  type Product,
  type ProductDetail,
  type ProductImage,
  type ProductPage,
  type ProductWithSellerStats,
  type StockPage,
} from "@lootlane/contract";
import type { ProductImage as ProductImageRow } from "../../db/schema/catalog.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { presentCategory } from "../categories/categories.presenter.js";
import { presentSellerStats } from "../users/users.presenter.js";
import type { SellerStatsView, Viewer } from "../users/users.service.js";
import { isSellerOrAdmin, mayReadGoods } from "./products.access.js";
import type { StockView } from "./products-stock.service.js";
import type { ProductView } from "./products.views.js";

/*
 * Rows become contract objects here and nowhere else. Fields are copied by name, so the encrypted goods, the
 * seller's e-mail or balance can never reach a client by accident; the goods are decrypted only for a viewer
 * products.access.ts allows.
 */

export type PresentContext = { viewer: Viewer; cipher: DataCipher };

/** One page of a listing with its totals; `total` may be capped (see product listing in products.service.ts). */
export type ViewPage = { views: ProductView[]; total: number; page: number; perPage: number };

const SOLD_STATUSES: readonly string[] = ["purchased", "completed"];

export function presentProduct(
  { product, seller, category, images, goods }: ProductView,
  { viewer, cipher }: PresentContext,
): Product {
  return {
    id: product.id,
    title: product.title,
    description: product.description,
    // Prices are whole roubles, stored as kopecks.
    price: kopecksToRoubles(product.priceKopecks),
    product_data_string: goods !== null && mayReadGoods(product, viewer) ? cipher.decrypt(goods) : null,
    status: product.status,
    is_sold: SOLD_STATUSES.includes(product.status),
    created_at: product.createdAt.toISOString(),
    is_owner: viewer?.id === product.sellerId,
    delivery: product.delivery,
    in_stock: product.inStock,
    // The admin's reason is said to the seller; to anyone else the listing is simply not on sale.
    status_reason: isSellerOrAdmin(product, viewer) ? product.statusReason : null,
    seller: { username: seller.username, avatar_url: seller.avatarUrl, rating: seller.rating },
    category: presentCategory(category),
    images: images.map(presentImage),
  };
}

/** GET /products/{id} and the edit answers: the same goods under the edit variant's name too. */
export function presentProductDetail(view: ProductView, context: PresentContext): ProductDetail {
  const product = presentProduct(view, context);
  return { ...product, product_data: product.product_data_string, guarantee_days: view.guaranteeDays };
}

/** GET /products/{id}: the detail with its seller's stats. */
export function presentProductWithSellerStats(
  { view, sellerStats }: { view: ProductView; sellerStats: SellerStatsView },
  context: PresentContext,
): ProductWithSellerStats {
  return { ...presentProductDetail(view, context), seller_stats: presentSellerStats(sellerStats) };
}

export function presentProductPage({ views, total, page, perPage }: ViewPage, context: PresentContext): ProductPage {
  return {
    products: views.map((view) => presentProduct(view, context)),
    total_pages: Math.ceil(total / perPage),
    page,
    total,
  };
}

/** A page of a listing's stock for its seller or an admin: the units' texts decrypted, oldest first. */
export function presentStockPage({ product, units, total, sold, query }: StockView, cipher: DataCipher): StockPage {
  return {
    units: units.map((unit) => ({
      id: unit.id,
      item: cipher.decrypt(unit.dataEncrypted),
      state: unit.state,
      deal_id: unit.dealId,
      created_at: unit.createdAt.toISOString(),
      sold_at: unit.soldAt?.toISOString() ?? null,
    })),
    page: query.page,
    total_pages: Math.ceil(total / query.per_page),
    total,
    in_stock: product.inStock,
    sold,
  };
}

function presentImage(row: ProductImageRow): ProductImage {
  return { id: row.id, image_url: row.imageUrl, thumbnail_url: row.thumbnailUrl };
}
