import {
  productStatusSchema,
  type PageQuery,
  type ProductSearchQuery,
  type ProductStatus,
  type SellerProductsQuery,
  type SellerProductsShelf,
} from "@lootlane/contract";
import { and, count, desc, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { preparedOn, unplannedBound } from "../../db/prepared.js";
import {
  productImages,
  products,
  productUnits,
  type NewProduct,
  type NewProductImage,
  type NewProductUnit,
  type Product as ProductRow,
} from "../../db/schema/catalog.js";
import { users } from "../../db/schema/users.js";
import { AppError } from "../../platform/errors/app-error.js";
import { categoryAndSubcategoryIds, hidesCategory } from "../categories/categories.service.js";
import { loadSellerStats, type OnlineUsers, type SellerStatsView, type Viewer } from "../users/users.service.js";
import { isSellerOrAdmin, mayView, PUBLIC_STATUSES } from "./products.access.js";
import { cappedCount, rowsByOffset } from "./products-paging.service.js";
import type { OnlineSellers } from "./products-listing.filters.js";
import { searchProductIds } from "./products-search.service.js";
import { loadProductRowsInOrder, loadProductViews, type ProductView } from "./products.views.js";
import type { ViewPage } from "./products.presenter.js";
import { sellerProductsChanged } from "./products.events.js";
import type { SellerPageCache, SellerPageQuery } from "./products-seller.cache.js";

// What other modules may know of products: who may see one, a product as its answers show it, and its stock as
// deals take and return it.
export { mayView } from "./products.access.js";
export { loadProductViews, type ProductView } from "./products.views.js";
export { hasOpenDeal, restock, takeStock, unitsOfDeals } from "./products-units.service.js";

const notDeleted = isNull(products.deletedAt);
// Newest first; the id breaks ties so pages never repeat or skip a product. Matches the listing indexes.
const newestFirst = [desc(products.createdAt), desc(products.id)];

/**
 * GET /products/{id}: a product the viewer may see (products.access.ts), else PRODUCT_NOT_FOUND, with what tells
 * a buyer whether to trust its seller. The page is read on every view: the stats are one query, run beside the
 * product's other parts rather than after them.
 */
export async function getProductWithSellerStats(
  db: Db,
  presence: OnlineUsers,
  productId: string,
  viewer: Viewer,
): Promise<{ view: ProductView; sellerStats: SellerStatsView }> {
  const row = await findVisibleProduct(db, productId, viewer);
  const [[view], sellerStats] = await Promise.all([
    loadProductViews(db, [row]),
    loadSellerStats(db, presence, row.sellerId),
  ]);
  return { view: view!, sellerStats };
}

/** A product the viewer may see with its parts, without its seller's stats (the product page's cache adds them). */
export async function findProductView(db: Db, productId: string, viewer: Viewer): Promise<ProductView> {
  const [view] = await loadProductViews(db, [await findVisibleProduct(db, productId, viewer)]);
  return view!;
}

/**
 * A product the viewer may see (products.access.ts), else PRODUCT_NOT_FOUND, as if it did not exist. Under a
 * hidden category (issue 23) only its seller and admins still see it: the seller keeps managing the listing.
 */
export async function findVisibleProduct(db: Db, productId: string, viewer: Viewer): Promise<ProductRow> {
  const [found] = await db
    .select({
      row: products,
      categoryHidden: hidesCategory(sql`${products}.${sql.identifier(products.categoryId.name)}`),
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!found || !mayView(found.row, viewer)) throw new AppError("PRODUCT_NOT_FOUND");
  if (found.categoryHidden && !isSellerOrAdmin(found.row, viewer)) throw new AppError("PRODUCT_NOT_FOUND");
  return found.row;
}

/** GET /products/search: the matching engine ranks the ids, this loads the products of one page in that order. */
export async function searchProducts(db: Db, presence: OnlineSellers, query: ProductSearchQuery): Promise<ViewPage> {
  const { q, category_id, page, per_page, ...filters } = query;
  const { ids, total } = await searchProductIds(db, {
    q,
    ...(category_id === undefined ? {} : { categoryIds: await categoryAndSubcategoryIds(db, category_id) }),
    filters,
    presence,
    limit: per_page,
    offset: (page - 1) * per_page,
  });
  const views = await loadProductViews(db, await loadProductRowsInOrder(db, ids));
  return { views, total, page, perPage: per_page };
}

const shelfStatuses: Record<SellerProductsShelf, readonly ProductStatus[]> = {
  on_sale: ["active"],
  sold: ["purchased", "completed"],
};

/**
 * A seller's products, one page: every status for the seller and admins, otherwise only those on sale or sold;
 * `shelf` keeps one of those two (a profile tab each), so every page of a tab is full. From the pages kept in
 * memory (products-seller.cache.ts).
 */
export function listUserProducts(
  pages: SellerPageCache,
  userId: string,
  viewer: Viewer,
  query: SellerProductsQuery,
): Promise<ProductView[]> {
  return pages.get({ ...query, sellerId: userId, everyStatus: isSellerOrAdmin({ sellerId: userId }, viewer) });
}

/** One page of listUserProducts as products-seller.cache.ts keeps it, read anew. */
export async function loadSellerPage(
  db: Db,
  { sellerId, everyStatus, shelf, page, per_page }: SellerPageQuery,
): Promise<ProductView[]> {
  const visible: readonly ProductStatus[] = everyStatus ? productStatusSchema.options : PUBLIC_STATUSES;
  const statuses = shelf === undefined ? visible : visible.filter((status) => shelfStatuses[shelf].includes(status));
  const rows = await sellerPage(db).execute({
    sellerId,
    statuses,
    limit: per_page,
    offset: (page - 1) * per_page,
  });
  if (rows.length === 0) throw new AppError("USER_NOT_FOUND");
  return loadProductViews(
    db,
    rows.flatMap((row) => (row.product === null ? [] : [row.product])),
  );
}

/**
 * A seller's products, newest first, for their profile and their own products page, read on every visit: one
 * prepared statement (db/prepared.ts) that also tells an empty page (one row, no product) from a user who does not
 * exist (no row). The page's bounds are unplanned, so it is planned once: every plan walks the seller's index.
 */
const sellerPage = preparedOn((db) => {
  const onPage = db
    .select()
    .from(products)
    .where(
      and(
        eq(products.sellerId, users.id),
        notDeleted,
        sql`${products.status} = any(${sql.placeholder("statuses")}::text[])`,
      ),
    )
    .orderBy(...newestFirst)
    .limit(unplannedBound("limit"))
    .offset(unplannedBound("offset"))
    .as("on_page");
  return db
    .select({ product: onPage._.selectedFields })
    .from(users)
    .leftJoinLateral(onPage, sql`true`)
    .where(eq(users.id, sql.placeholder("sellerId")))
    .orderBy(desc(onPage.createdAt), desc(onPage.id))
    .prepare("products_of_seller");
});

/** As listUserProducts, for the profile page, which knows the username (any letter case). */
export async function listUsernameProducts(
  db: Db,
  pages: SellerPageCache,
  username: string,
  viewer: Viewer,
  query: SellerProductsQuery,
): Promise<ProductView[]> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (!user) throw new AppError("USER_NOT_FOUND");
  return listUserProducts(pages, user.id, viewer, query);
}

/**
 * GET /admin/products: every status (or one), deleted products left out. Without a status the moderation queue
 * comes first, then everything else, each newest first: the admin's work is at the top of the first page.
 */
export async function listAdminProducts(
  db: Db,
  status: ProductStatus | undefined,
  paging: PageQuery,
): Promise<ViewPage> {
  if (status !== undefined) return listPage(db, and(notDeleted, eq(products.status, status))!, paging);
  // Two queries that each walk a newest-first index, rather than one sort of every product by a computed rank.
  const queue = and(notDeleted, eq(products.status, "moderation"))!;
  const rest = and(notDeleted, ne(products.status, "moderation"))!;
  // The queue is counted exactly (pages past it start where it ends); it is short next to the whole catalogue.
  const [[counted], total] = await Promise.all([
    db.select({ queued: count() }).from(products).where(queue),
    cappedCount(db, notDeleted),
  ]);
  const queued = counted?.queued ?? 0;
  const offset = (paging.page - 1) * paging.per_page;
  const rows = offset < queued ? await rowsOf(db, queue, offset, paging.per_page) : [];
  if (rows.length < paging.per_page)
    rows.push(...(await rowsOf(db, rest, Math.max(0, offset - queued), paging.per_page - rows.length)));
  return { views: await loadProductViews(db, rows), total, page: paging.page, perPage: paging.per_page };
}

async function listRows(db: Db, where: SQL, { page, per_page }: PageQuery): Promise<ProductView[]> {
  return loadProductViews(db, await rowsOf(db, where, (page - 1) * per_page, per_page));
}

function rowsOf(db: Db, where: SQL, offset: number, limit: number): Promise<ProductRow[]> {
  return rowsByOffset(db, where, newestFirst, offset, limit);
}

async function listPage(db: Db, where: SQL, paging: PageQuery): Promise<ViewPage> {
  const [views, total] = await Promise.all([listRows(db, where, paging), cappedCount(db, where)]);
  return { views, total, page: paging.page, perPage: paging.per_page };
}

/**
 * A ban takes the seller's products on sale off sale (`suspended`: gone from listings, search and product pages);
 * the unban puts exactly those back, those with stock left on sale and any without it sold out (`refunded`, as a
 * refund leaves a listing with nothing left to sell), each at its old place in "newest" (listed_at is kept).
 * Inside the ban's transaction; answers the ids it moved.
 */
export async function suspendSellerProducts(tx: Db, sellerId: string, suspended: boolean): Promise<string[]> {
  const [from, to] = suspended
    ? (["active", sql`'suspended'`] as const)
    : (["suspended", sql`case when ${products.inStock} > 0 then 'active' else 'refunded' end`] as const);
  const moved = await tx
    .update(products)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(products.sellerId, sellerId), eq(products.status, from)))
    .returning({ id: products.id });
  sellerProductsChanged(tx, sellerId);
  return moved.map((row) => row.id);
}

/**
 * The seller's rating changed (a review counted): their products carry it too (seller_rating, what
 * listings sort and filter by along one index), from users.rating as the caller's transaction now has it. The caller
 * holds the seller's row locked, as a new product's creation reads the rating under a shared lock of it.
 */
export async function setSellerRating(tx: Db, sellerId: string): Promise<void> {
  const rating = sql`(${tx.select({ rating: users.rating }).from(users).where(eq(users.id, sellerId))})`;
  await tx
    .update(products)
    .set({ sellerRating: rating })
    .where(and(eq(products.sellerId, sellerId), sql`${products.sellerRating} is distinct from ${rating}`));
  sellerProductsChanged(tx, sellerId);
}

/**
 * The product of a deal that is moving, locked until the transaction ends (lock order deal → product → users,
 * deals.lifecycle.ts), so two deals of one listing closing at once decide its status one after the other.
 */
export async function lockDealProduct(tx: Db, productId: string): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).for("no key update");
  // A deal's product exists: products are only ever soft-deleted.
  return row!;
}

/** A deal's move of its product (completed, back on sale, sold out or withdrawn), inside the deal's transaction. */
export async function setProductStatus(
  tx: Db,
  productId: string,
  status: ProductRow["status"],
  at: Date,
): Promise<void> {
  const [row] = await tx
    .update(products)
    .set({ status, updatedAt: at })
    .where(eq(products.id, productId))
    .returning({ sellerId: products.sellerId });
  sellerProductsChanged(tx, row!.sellerId);
}

/**
 * Listings made whole elsewhere (the seed's demo catalogue), with their images already in the media store and
 * their units encrypted; each row's in_stock counts its units. Each carries its seller's rating as it is now.
 */
export async function createProducts(
  tx: Db,
  rows: NewProduct[],
  images: NewProductImage[],
  units: NewProductUnit[],
): Promise<void> {
  await tx.insert(products).values(rows);
  for (const sellerId of new Set(rows.map((row) => row.sellerId))) {
    sellerProductsChanged(tx, sellerId);
    await setSellerRating(tx, sellerId);
  }
  await tx.insert(productImages).values(images);
  await tx.insert(productUnits).values(units);
}

// A deleted account's listings (modules/account).
export { deleteSellerProducts } from "./products-account.service.js";

// The sitemaps' walks of the catalogue (modules/pages).
export {
  countProductIdsUpTo,
  productsOnSaleInRange,
  sellersOnSaleInRange,
  type IdRange,
} from "./products-sitemap.service.js";
