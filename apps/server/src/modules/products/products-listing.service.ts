import type { CatalogueQuery } from "@lootlane/contract";
import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";
import { findGameSubcategory, gameOfCategory } from "../categories/categories.service.js";
import {
  afterProduct,
  DEFAULT_LISTING_SORT,
  filterConditions,
  listingOrder,
  onSale,
  type OnlineSellers,
} from "./products-listing.filters.js";
import { cappedCount, rowsByOffset } from "./products-paging.service.js";
import type { ViewPage } from "./products.presenter.js";
import { loadProductViews, type ProductView } from "./products.views.js";

/*
 * The public listings (issue 21): the home page, a game or subcategory by id, a game's subcategory by slugs. Each is
 * one scope of products on sale, sorted and filtered by the query, so each page walks one products_*_on_sale_*
 * index (products-listing.filters.ts).
 */

/**
 * Where a page of a listing starts when the caller knows it without the query's `after`: the id of the last
 * product of the page before, in the same listing, read in the same state of the catalogue (a cached page,
 * products-listing.cache.ts). The page is then read by key, at the cost of page 1 however deep it is, rather than
 * by skipping every product before it.
 */
export type PageStart = { afterProductId?: string | undefined };

/** The home listing: products on sale; `total` counts those the filters keep, up to LISTING_COUNT_CAP. */
export async function listActiveProducts(
  db: Db,
  presence: OnlineSellers,
  query: CatalogueQuery,
  start: PageStart = {},
): Promise<ViewPage> {
  const [visible, filters] = await Promise.all([onSale(db), filterConditions(query, presence)]);
  const where = and(visible, ...filters)!;
  const [views, total] = await Promise.all([pageOf(db, where, query, start), cappedCount(db, where)]);
  return { views, total, page: query.page, perPage: query.per_page };
}

/** Products on sale in a category; a game's listing includes its subcategories. */
export async function listCategoryProducts(
  db: Db,
  presence: OnlineSellers,
  categoryId: string,
  query: CatalogueQuery,
  start: PageStart = {},
): Promise<ProductView[]> {
  const [game, visible, filters] = await Promise.all([
    gameOfCategory(db, categoryId),
    onSale(db),
    filterConditions(query, presence),
  ]);
  // A product keeps its game beside its category, so a game's listing is one range of the game's index rather
  // than one per kind of goods merged and sorted.
  const scope = game === categoryId ? eq(products.gameId, game) : eq(products.categoryId, categoryId);
  return pageOf(db, and(visible, scope, ...filters)!, query, start);
}

/** Products on sale in one subcategory of one game, both named by slug. */
export async function listGameSubcategoryProducts(
  db: Db,
  presence: OnlineSellers,
  gameSlug: string,
  subcategorySlug: string,
  query: CatalogueQuery,
  start: PageStart = {},
): Promise<ProductView[]> {
  const [subcategory, visible, filters] = await Promise.all([
    findGameSubcategory(db, gameSlug, subcategorySlug),
    onSale(db),
    filterConditions(query, presence),
  ]);
  return pageOf(db, and(visible, eq(products.categoryId, subcategory.id), ...filters)!, query, start);
}

/** One page: after the query's `after` or the known start by key, else (a first visit deep in) by offset. */
async function pageOf(db: Db, where: SQL, query: CatalogueQuery, start: PageStart): Promise<ProductView[]> {
  const sort = query.sort ?? DEFAULT_LISTING_SORT;
  const order = listingOrder(sort);
  const after = query.after ?? start.afterProductId;
  const rows =
    after === undefined
      ? await rowsByOffset(db, where, order, (query.page - 1) * query.per_page, query.per_page)
      : await db
          .select()
          .from(products)
          .where(and(where, afterProduct(sort, after)))
          .orderBy(...order)
          .limit(query.per_page);
  return loadProductViews(db, rows);
}
