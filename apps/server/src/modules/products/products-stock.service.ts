import type { ProductDelivery, StockLine } from "@lootlane/contract";
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products, productUnits, type Product as ProductRow } from "../../db/schema/catalog.js";
import { deals } from "../../db/schema/deals.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { AppError, validationError } from "../../platform/errors/app-error.js";

/*
 * A listing's stock (ARCHITECTURE.md §4 "Stock"), the one place product_units are written. products.in_stock is
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

/** What a PATCH of a listing asks of its delivery: the kind, units to add, a manual quantity, the goods' text. */
export type DeliveryEdit = {
  delivery: ProductDelivery | undefined;
  stockItems: StockLine[] | undefined;
  quantity: number | undefined;
  productData: string | undefined;
};

/**
 * A seller's PATCH of how a listing delivers, on the row the caller locked. The kind changes only while nothing
 * was ever sold (a deal keeps what it bought, but its buyer would find the listing no longer the one they knew):
 * to `manual` the unsold units are removed and the quantity is required; to `auto` units are. `stock_items` add
 * units as POST /stock does, `quantity` sets a manual listing's. product_data is the note beside the units, except
 * on a listing made the spec's way (no note, one unit, unsold): there it is that unit, as the spec's clients edit it.
 */
export async function editDelivery(tx: Db, cipher: DataCipher, product: ProductRow, edit: DeliveryEdit): Promise<void> {
  const delivery = edit.delivery ?? product.delivery;
  if (delivery === "manual" && edit.stockItems !== undefined)
    throw validationError([{ field: "stock_items", message: "Units of stock are for automatic delivery" }]);
  if (delivery === "auto" && edit.quantity !== undefined)
    throw validationError([{ field: "quantity", message: "A quantity is for manual delivery" }]);
  if (delivery !== product.delivery) await assertNeverSold(tx, product.id);
  const note = edit.productData === undefined ? {} : { productDataEncrypted: cipher.encrypt(edit.productData) };
  if (delivery === "manual") {
    if (product.delivery === "auto") {
      if (edit.quantity === undefined)
        throw validationError([{ field: "quantity", message: "Enter the quantity you offer" }]);
      if (edit.productData === undefined && product.productDataEncrypted === null)
        throw validationError([{ field: "product_data", message: "Describe what the buyer receives" }]);
      await tx
        .update(productUnits)
        .set({ state: "removed" })
        .where(and(eq(productUnits.productId, product.id), eq(productUnits.state, "available")));
    }
    await tx
      .update(products)
      .set({ delivery, ...note, ...(edit.quantity === undefined ? {} : { inStock: edit.quantity }) })
      .where(eq(products.id, product.id));
    return;
  }
  if (product.delivery === "manual") {
    if (edit.stockItems === undefined)
      throw validationError([{ field: "stock_items", message: "Add the units of stock, one per line" }]);
    await tx.update(products).set({ delivery, inStock: 0 }).where(eq(products.id, product.id));
  }
  if (edit.productData !== undefined) {
    const replaced =
      product.delivery === "auto" &&
      product.productDataEncrypted === null &&
      edit.stockItems === undefined &&
      (await replaceOnlyUnit(tx, cipher, product.id, edit.productData));
    if (!replaced) await tx.update(products).set(note).where(eq(products.id, product.id));
  }
  if (edit.stockItems !== undefined) await insertUnits(tx, cipher, product, edit.stockItems);
}

async function assertNeverSold(tx: Db, productId: string): Promise<void> {
  const [sold] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.productId, productId)).limit(1);
  if (sold) throw new AppError("DELIVERY_CANNOT_CHANGE");
}

/** The listing's one unit gets `text`, when it has exactly one and nobody bought it; answers whether it did. */
async function replaceOnlyUnit(tx: Db, cipher: DataCipher, productId: string, text: string): Promise<boolean> {
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
    .returning({ inStock: products.inStock });
  return row!.inStock;
}

/**
 * The purchase's share of the stock, with the product row locked by the purchase and in_stock checked against
 * `quantity`: the oldest available units of an `auto` listing become the deal's (sold, seen by its buyer, so never
 * sold again), a `manual` listing's quantity goes down, and the listing is sold out (`purchased`) at 0.
 */
export async function takeStock(
  tx: Db,
  product: Pick<ProductRow, "id" | "delivery">,
  deal: { id: string; quantity: number },
  at: Date,
): Promise<void> {
  if (product.delivery === "auto") {
    const oldest = tx
      .select({ id: productUnits.id })
      .from(productUnits)
      .where(and(eq(productUnits.productId, product.id), eq(productUnits.state, "available")))
      .orderBy(asc(productUnits.seq))
      .limit(deal.quantity);
    // `state = 'available'` again on the row itself: a unit changed since the subquery read it is not taken.
    const taken = await tx
      .update(productUnits)
      .set({ state: "sold", dealId: deal.id, soldAt: at })
      .where(and(inArray(productUnits.id, oldest), eq(productUnits.state, "available")))
      .returning({ id: productUnits.id });
    // in_stock said there were enough; fewer means the count and the units disagree: sell nothing.
    if (taken.length !== deal.quantity) throw new AppError("OUT_OF_STOCK");
  }
  await tx
    .update(products)
    .set({
      inStock: sql`${products.inStock} - ${deal.quantity}`,
      status: sql`case when ${products.inStock} = ${deal.quantity} then 'purchased' else ${products.status} end`,
      updatedAt: at,
    })
    .where(eq(products.id, product.id));
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
