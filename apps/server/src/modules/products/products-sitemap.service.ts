import { and, asc, gt, gte, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";
import { users } from "../../db/schema/users.js";
import { onSale } from "./products-listing.filters.js";

/*
 * The reads behind the sitemaps (modules/pages): the catalogue walked in slices of the id space, by id, a batch
 * at a time, so a sitemap of 1,000,000 products never holds more than one batch, and every batch starts where
 * the last one ended (keyset) rather than skipping rows. Ids are random (gen_random_uuid), so equal slices of
 * the id space hold about equal numbers of rows.
 */

/** A slice of the uuid space: ids from `from` (inclusive) up to `to` (exclusive; undefined: to the end). */
export type IdRange = { from: string; to: string | undefined };

function inRange(column: PgColumn, range: IdRange, after?: string): SQL | undefined {
  return and(
    gte(column, range.from),
    range.to === undefined ? undefined : lt(column, range.to),
    after === undefined ? undefined : gt(column, after),
  );
}

/**
 * One batch of a sitemap of products: those on sale (sold ones are no longer worth a search result) with ids in
 * the range, after `after`, by id.
 */
export async function productsOnSaleInRange(
  db: Db,
  range: IdRange,
  after: string | undefined,
  limit: number,
): Promise<Array<{ id: string; updatedAt: Date }>> {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(await onSale(db), inRange(products.id, range, after)))
    .orderBy(asc(products.id))
    .limit(limit);
}

/**
 * One batch of a sitemap of sellers: users with a product on sale, ids in the range, after `after`, by id. Each
 * user is one probe of the seller's products index.
 */
export function sellersOnSaleInRange(
  db: Db,
  range: IdRange,
  after: string | undefined,
  limit: number,
): Promise<Array<{ id: string; username: string }>> {
  const sellsSomething = sql`exists (select 1 from ${products} where ${products.sellerId} = ${users.id} and ${products.status} = 'active' and ${products.deletedAt} is null)`;
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(inRange(users.id, range, after), sellsSomething))
    .orderBy(asc(users.id))
    .limit(limit);
}

/**
 * How many products of any status have ids in the range, counted no further than `cap`: an upper bound of a
 * sitemap slice's size that walks at most `cap` entries of the primary key.
 */
export async function countProductIdsUpTo(db: Db, range: IdRange, cap: number): Promise<number> {
  const capped = db.select({ id: products.id }).from(products).where(inRange(products.id, range)).limit(cap);
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped.as("capped"));
  return row!.count;
}
