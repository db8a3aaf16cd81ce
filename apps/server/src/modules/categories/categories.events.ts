import type { Db } from "../../db/client.js";
import { createDbSignal } from "../../platform/cache/db-signal.js";

/*
 * The "a category changed" signal (db-signal.ts): a seller's pages of products are kept in memory
 * (products-seller.cache.ts) and show each product's category as it is (its names, its picture, its guarantee,
 * which a subcategory may take from its game). Every write to a category says so once its transaction has ended
 * (db/after-commit.ts).
 */

const signal = createDbSignal();

/** A write in `tx` to a category's row. */
export function categoryChanged(tx: Db): void {
  signal.emitAfterCommit(tx);
}

/** Runs `listener` on every categoryChanged(…) on `db` until the returned function is called. */
export const onCategoryChange: (db: Db, listener: () => void) => () => void = signal.listen;
