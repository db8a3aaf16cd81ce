import { roublesToKopecks, type ListingFilters, type ProductSort } from "@lootlane/contract";
import { and, asc, desc, eq, gte, isNull, lte, notInArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";
import { hiddenCategoryIds } from "../categories/categories.service.js";

/*
 * The SQL that every public listing and the search share (issue 21): which products are on sale, what each filter
 * keeps, the order of each sort and where the page after a product starts. The orders are those of the
 * products_*_on_sale_* indexes (db/schema/catalog.ts) and every listing query starts from `onSale`, their
 * predicate, so a sorted page, filtered or not, and the page after any product are one walk of one index.
 */

/**
 * Products on sale: what public listings, the search and the sitemaps show. Its first two terms are the predicate of
 * the listing indexes; the rest leave out products under a hidden category or game (issue 23). The hidden ids are
 * read first and passed as a list: the planner then sees how few products they remove (mostly none, and then there
 * is no term at all), where an array the query computed itself was taken to remove nearly all, and the page after
 * a product was sorted instead of walked along its index (db/schema.test.ts).
 */
export async function onSale(db: Db): Promise<SQL> {
  const hidden = await hiddenCategoryIds(db);
  return and(
    eq(products.status, "active"),
    isNull(products.deletedAt),
    ...(hidden.length === 0 ? [] : [notInArray(products.categoryId, hidden), notInArray(products.gameId, hidden)]),
  )!;
}

/** A public listing without `sort` is newest first. */
export const DEFAULT_LISTING_SORT: ProductSort = "newest";

/** Who is online now, for the `online` filter: the presence store (platform/realtime/presence.ts) answers it. */
export type OnlineSellers = { listOnline(): Promise<readonly string[]> };

/**
 * The conditions of a query's filters, each one only when it is given: the price range in whole roubles, both ends
 * included; the delivery kind; sellers online now; a seller rating of at least `min_rating`. Presence is asked only
 * when `online` is "true"; nobody online leaves nothing to list.
 */
export async function filterConditions(filters: ListingFilters, presence: OnlineSellers): Promise<SQL[]> {
  const conditions: SQL[] = [];
  if (filters.min_price !== undefined) conditions.push(gte(products.priceKopecks, roublesToKopecks(filters.min_price)));
  if (filters.max_price !== undefined) conditions.push(lte(products.priceKopecks, roublesToKopecks(filters.max_price)));
  if (filters.delivery !== undefined) conditions.push(eq(products.delivery, filters.delivery));
  if (filters.min_rating !== undefined) conditions.push(gte(products.sellerRating, filters.min_rating));
  if (filters.online === "true") {
    // One array parameter, not a list of them: the same short query text however many are online.
    const online = [...(await presence.listOnline())];
    conditions.push(sql`${products.sellerId} = any(${sql.param(online)}::uuid[])`);
  }
  return conditions;
}

type SortColumn = "listedAt" | "priceKopecks" | "sellerRating" | "id";
type SortKey = { columns: readonly SortColumn[]; descending: boolean };

/**
 * The columns each sort orders by, all one way, the id last so no two products tie and pages never repeat or skip
 * one. All one way is what lets the page after a product be one row comparison the index walk starts from; price
 * descending walks the price index backwards.
 */
const sortKeys: Record<ProductSort, SortKey> = {
  newest: { columns: ["listedAt", "id"], descending: true },
  price_asc: { columns: ["priceKopecks", "id"], descending: false },
  price_desc: { columns: ["priceKopecks", "id"], descending: true },
  rating: { columns: ["sellerRating", "listedAt", "id"], descending: true },
};

/** ORDER BY of a sort, matching its index. */
export function listingOrder(sort: ProductSort): SQL[] {
  const { columns, descending } = sortKeys[sort];
  return columns.map((column) => (descending ? desc(products[column]) : asc(products[column])));
}

const boundaryName = "boundary";
const boundary = alias(products, boundaryName);

/**
 * The products after product `afterId` in a sort's order: the keyset condition of the page that follows it. The
 * product's sort key is read in the database by its id: a JS Date would drop listed_at's microseconds and a
 * float could be rounded on the way, either misplacing the boundary. A product since sold or taken down still
 * marks its place (its row stays); an id of no product leaves nothing after it.
 */
export function afterProduct(sort: ProductSort, afterId: string): SQL {
  const { columns, descending } = sortKeys[sort];
  const own = sql.join(
    columns.map((column) => sql`${products[column]}`),
    sql`, `,
  );
  const boundaryKey = sql.join(
    columns.map((column) =>
      column === "id"
        ? sql`${afterId}::uuid`
        : sql`(select ${boundary[column]} from ${products} as ${sql.identifier(boundaryName)} where ${boundary.id} = ${afterId}::uuid)`,
    ),
    sql`, `,
  );
  return descending ? sql`(${own}) < (${boundaryKey})` : sql`(${own}) > (${boundaryKey})`;
}
