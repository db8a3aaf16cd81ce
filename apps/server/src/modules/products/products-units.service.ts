import type { StockLine, StockQuery } from "@lootlane/contract";
import { and, asc, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products, productUnits, type Product as ProductRow, type ProductUnit } from "../../db/schema/catalog.js";
import { deals, openDealStatuses } from "../../db/schema/deals.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { AppError, validationError } from "../../platform/errors/app-error.js";
import { sellerProductsChanged } from "./products.events.js";

/*
 * A listing's units of stock (ARCHITECTURE.md §4 "Stock"), the one place product_units are written. products.in_stock is
 * the count of a listing's `available` units (`auto`) or the quantity on offer (`manual`); every change of units
 * changes it in the same transaction, with the product row locked, so the two never disagree and a purchase that
 * reads in_stock under that lock may take exactly that many units.
 */

/** Units inserted by one statement: 3 parameters a unit keeps a statement far below PostgreSQL's 65,535. */
const INSERT_BATCH = 2000;

/** Sold-out states a new unit (or a returned quantity) puts back on sale: the shelf was refilled. */
const SOLD_OUT: readonly ProductRow["status"][] = ["purchased", "completed"];

/**
 * Adds units to a listing whose row the caller has locked: all of them, or none when one is already in it (the
 * answer names each such line; repeats within the text the contract refused already). A sold-out listing goes
 * back on sale; one in moderation or paused stays so. Answers the listing's in_stock after.
 */
export async function insertUnits(
  tx: Db,
  cipher: DataCipher,
  product: Pick<ProductRow, "id">,
  lines: readonly StockLine[],
): Promise<number> {
  const printed = lines.map((line) => ({ ...line, fingerprint: cipher.fingerprint(line.item) }));
  const present = await fingerprintsInListing(
    tx,
    cipher,
    product.id,
    printed.map((line) => line.fingerprint),
  );
  const repeated = printed.filter((line) => present.has(line.fingerprint));
  if (repeated.length > 0) {
    throw validationError(
      repeated.map(({ line }) => ({ field: "stock_items", message: `Line ${line} is already in the listing` })),
    );
  }
  for (let start = 0; start < printed.length; start += INSERT_BATCH) {
    await tx.insert(productUnits).values(
      printed.slice(start, start + INSERT_BATCH).map(({ item, fingerprint }) => ({
        productId: product.id,
        dataEncrypted: cipher.encrypt(item),
        dataHash: fingerprint,
      })),
    );
  }
  return changeStock(tx, product.id, printed.length, true);
}

/**
 * Fingerprints of the units still in the listing among `fingerprints`, and of those carried over from before stock
 * existed (migration 0009 had no key to fingerprint them with): those are few, one per listing made then.
 */
async function fingerprintsInListing(
  tx: Db,
  cipher: DataCipher,
  productId: string,
  fingerprints: readonly string[],
): Promise<Set<string>> {
  const inListing = and(eq(productUnits.productId, productId), ne(productUnits.state, "removed"));
  const [printed, unprinted] = await Promise.all([
    tx
      .select({ fingerprint: productUnits.dataHash })
      .from(productUnits)
      .where(and(inListing, inArray(productUnits.dataHash, [...fingerprints]))),
    tx
      .select({ dataEncrypted: productUnits.dataEncrypted })
      .from(productUnits)
      .where(and(inListing, isNull(productUnits.dataHash))),
  ]);
  return new Set([
    ...printed.map((row) => row.fingerprint!),
    ...unprinted.map((row) => cipher.fingerprint(cipher.decrypt(row.dataEncrypted))),
  ]);
}

/** The listing's one unit gets `text`, when it has exactly one and nobody bought it; answers whether it did. */
export async function replaceOnlyUnit(tx: Db, cipher: DataCipher, productId: string, text: string): Promise<boolean> {
  const units = await tx
    .select({ id: productUnits.id, state: productUnits.state })
    .from(productUnits)
    .where(and(eq(productUnits.productId, productId), ne(productUnits.state, "removed")))
    .limit(2);
  const [only] = units;
  if (units.length !== 1 || only!.state !== "available") return false;
  await tx
    .update(productUnits)
    .set({ dataEncrypted: cipher.encrypt(text), dataHash: cipher.fingerprint(text) })
    .where(eq(productUnits.id, only!.id));
  return true;
}

/** A listing turned `manual` keeps no units for sale: every unsold one is removed (its in_stock is set anew). */
export async function removeAvailableUnits(tx: Db, productId: string): Promise<void> {
  await tx
    .update(productUnits)
    .set({ state: "removed" })
    .where(and(eq(productUnits.productId, productId), eq(productUnits.state, "available")));
}

/**
 * The seller takes one unsold unit off the listing (a removed unit may be added again later). A sold one stays:
 * its buyer has it. A listing on sale whose last unit goes is sold out as if it had been bought: `purchased`
 * while a deal of it is open, else `completed`. Answers in_stock after.
 */
export async function removeUnit(tx: Db, product: ProductRow, unitId: string): Promise<number> {
  const [unit] = await tx
    .select({ state: productUnits.state })
    .from(productUnits)
    .where(and(eq(productUnits.id, unitId), eq(productUnits.productId, product.id)));
  if (!unit || unit.state === "removed") throw new AppError("STOCK_UNIT_NOT_FOUND");
  if (unit.state === "sold") throw new AppError("STOCK_UNIT_SOLD");
  await tx.update(productUnits).set({ state: "removed" }).where(eq(productUnits.id, unitId));
  const inStock = await changeStock(tx, product.id, -1, false);
  if (inStock === 0 && product.status === "active") {
    await tx
      .update(products)
      .set({ status: (await hasOpenDeal(tx, product.id)) ? "purchased" : "completed" })
      .where(eq(products.id, product.id));
    sellerProductsChanged(tx, product.sellerId);
  }
  return inStock;
}

/**
 * Whether a deal of the product still holds money in escrow. Read after the caller locked the product row, so a
 * purchase or a deal's move under way has committed or waits.
 */
export async function hasOpenDeal(tx: Db, productId: string): Promise<boolean> {
  const [open] = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.productId, productId), inArray(deals.status, [...openDealStatuses])))
    .limit(1);
  return open !== undefined;
}

/** One page of a listing's units, oldest first (the order they are sold in), with its counts. */
export async function pageOfUnits(
  db: Db,
  product: ProductRow,
  { state, page, per_page }: StockQuery,
): Promise<{ units: ProductUnit[]; total: number; sold: number }> {
  const ofListing = eq(productUnits.productId, product.id);
  const where = state === undefined ? ofListing : and(ofListing, eq(productUnits.state, state));
  const [units, [counted], [sold]] = await Promise.all([
    db
      .select()
      .from(productUnits)
      .where(where)
      .orderBy(asc(productUnits.seq))
      .limit(per_page)
      .offset((page - 1) * per_page),
    db.select({ total: count() }).from(productUnits).where(where),
    db
      .select({ total: count() })
      .from(productUnits)
      .where(and(ofListing, eq(productUnits.state, "sold"))),
  ]);
  return { units, total: counted?.total ?? 0, sold: sold?.total ?? 0 };
}

/**
 * A refund puts a manual listing's quantity back: in_stock up by `quantity`, the status left to the caller (the
 * deal's rules decide whether the listing goes back on sale). Answers in_stock after.
 */
export function restock(tx: Db, productId: string, quantity: number): Promise<number> {
  return changeStock(tx, productId, quantity, false);
}

/** in_stock moved by `delta`; with `reopen`, a sold-out listing that has stock again is back on sale. */
async function changeStock(tx: Db, productId: string, delta: number, reopen: boolean): Promise<number> {
  const reopened = sql`case when ${products.inStock} + ${delta} > 0 and ${inArray(products.status, [...SOLD_OUT])} then 'active' else ${products.status} end`;
  const [row] = await tx
    .update(products)
    .set({
      inStock: sql`${products.inStock} + ${delta}`,
      ...(reopen ? { status: reopened } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, productId))
    .returning({ inStock: products.inStock, sellerId: products.sellerId });
  sellerProductsChanged(tx, row!.sellerId);
  return row!.inStock;
}

/**
 * The purchase's share of the stock, with the product row locked by the purchase and in_stock checked against
 * `quantity`: the oldest available units of an `auto` listing become the deal's (sold, seen by its buyer, so never
 * sold again), a `manual` listing's quantity goes down, and the listing is sold out (`purchased`) at 0. Answers the
 * numbers (`seq`) of the units delivered, in delivery order; none for a `manual` listing.
 */
export async function takeStock(
  tx: Db,
  product: Pick<ProductRow, "id" | "delivery">,
  deal: { id: string; quantity: number },
  at: Date,
): Promise<number[]> {
  const oldest = tx
    .select({ id: productUnits.id })
    .from(productUnits)
    .where(and(eq(productUnits.productId, product.id), eq(productUnits.state, "available")))
    .orderBy(asc(productUnits.seq))
    .limit(deal.quantity);
  // `state = 'available'` again on the row itself: a unit changed since the subquery read it is not taken.
  const taken = tx.$with("taken").as(
    tx
      .update(productUnits)
      .set({ state: "sold", dealId: deal.id, soldAt: at })
      .where(and(inArray(productUnits.id, oldest), eq(productUnits.state, "available")))
      .returning({ seq: productUnits.seq }),
  );
  // One statement takes the units and counts them off in_stock (a purchase is a hot path: one round trip less).
  const [row] = await tx
    .with(taken)
    .update(products)
    .set({
      inStock: sql`${products.inStock} - ${deal.quantity}`,
      status: sql`case when ${products.inStock} = ${deal.quantity} then 'purchased' else ${products.status} end`,
      updatedAt: at,
    })
    .where(eq(products.id, product.id))
    .returning({
      taken: sql<number[]>`(select coalesce(json_agg(${taken.seq} order by ${taken.seq}), '[]') from ${taken})`,
      sellerId: products.sellerId,
    });
  sellerProductsChanged(tx, row!.sellerId);
  const delivered = row!.taken.map(Number);
  // in_stock said there were enough; fewer units means the count and the units disagree: sell nothing.
  if (product.delivery === "auto" && delivered.length !== deal.quantity) throw new AppError("OUT_OF_STOCK");
  return delivered;
}

/**
 * The encrypted goods a product answer shows its seller and admins when the listing has no delivery note: the
 * text of its only unit (a listing made the spec's way), for each such listing among `rows`. A listing of more
 * units has no one text to show; its units are read on its stock page.
 */
export async function soleUnitsOf(db: Db, rows: readonly ProductRow[]): Promise<Map<string, string>> {
  const noteless = rows.filter((row) => row.delivery === "auto" && row.productDataEncrypted === null);
  if (noteless.length === 0) return new Map();
  // Two units at most per listing, read along the (product_id, seq) index: enough to tell one from many.
  const firstTwo = db
    .select({ dataEncrypted: productUnits.dataEncrypted })
    .from(productUnits)
    .where(and(eq(productUnits.productId, products.id), ne(productUnits.state, "removed")))
    .orderBy(asc(productUnits.seq))
    .limit(2)
    .as("first_two");
  const found = await db
    .select({ productId: products.id, dataEncrypted: firstTwo.dataEncrypted })
    .from(products)
    .innerJoinLateral(firstTwo, sql`true`)
    .where(
      inArray(
        products.id,
        noteless.map((row) => row.id),
      ),
    );
  const units = new Map<string, string[]>();
  for (const { productId, dataEncrypted } of found)
    units.set(productId, [...(units.get(productId) ?? []), dataEncrypted]);
  return new Map([...units].flatMap(([productId, [only, ...more]]) => (more.length === 0 ? [[productId, only!]] : [])));
}

/** The encrypted units each deal took, in the order they were delivered, for the deals' answers. */
export async function unitsOfDeals(db: Db, dealIds: readonly string[]): Promise<Map<string, string[]>> {
  const units = new Map<string, string[]>();
  if (dealIds.length === 0) return units;
  const rows = await db
    .select({ dealId: productUnits.dealId, dataEncrypted: productUnits.dataEncrypted })
    .from(productUnits)
    .where(inArray(productUnits.dealId, [...dealIds]))
    .orderBy(asc(productUnits.seq));
  for (const { dealId, dataEncrypted } of rows) units.set(dealId!, [...(units.get(dealId!) ?? []), dataEncrypted]);
  return units;
}
