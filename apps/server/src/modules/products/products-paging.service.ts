import { LISTING_COUNT_CAP } from "@lootlane/contract";
import { count, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products, type Product as ProductRow } from "../../db/schema/catalog.js";
import { loadProductRowsInOrder } from "./products.views.js";

/**
 * One page by offset, in `order`. Past the first, the products skipped are walked as ids only (an index-only scan of
 * the listing's index for the home listing) and only the page's rows are then read: skipping 30,000 whole rows took
 * 830 ms at 1,000,000 products, skipping their index entries about 5 ms.
 */
export async function rowsByOffset(
  db: Db,
  where: SQL,
  order: readonly SQL[],
  offset: number,
  limit: number,
): Promise<ProductRow[]> {
  if (offset === 0)
    return db
      .select()
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(limit);
  const ids = await db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return loadProductRowsInOrder(
    db,
    ids.map((row) => row.id),
  );
}

/** count(*) of at most LISTING_COUNT_CAP matching products (see there why). */
export async function cappedCount(db: Db, where: SQL): Promise<number> {
  const capped = db
    .select({ one: sql`1`.as("one") })
    .from(products)
    .where(where)
    .limit(LISTING_COUNT_CAP)
    .as("capped");
  const [row] = await db.select({ total: count() }).from(capped);
  return row?.total ?? 0;
}
