import type { Db } from "../../db/client.js";
import { createDbSignal } from "../../platform/cache/db-signal.js";

/*
 * The "a seller's stats changed" signal (db-signal.ts). The product page keeps each seller's stats but their
 * presence in memory (users-stats.cache.ts), so every committed change to what they count says so: a deal of the
 * seller's completing or leaving `completed` (a dispute in the guarantee window), a review of them, their going
 * offline (last seen). Presence itself is looked up on every answer.
 */

const signal = createDbSignal<[sellerId: string]>();

/** After a committed change to a seller's completed deals, reviews, rating or last-seen time. */
export function sellerStatsChanged(db: Db, sellerId: string): void {
  signal.emit(db, sellerId);
}

/** Runs `listener` on every sellerStatsChanged(db, …) until the returned function is called. */
export const onSellerStatsChange: (db: Db, listener: (sellerId: string) => void) => () => void = signal.listen;

/*
 * The "a user's row changed" signal: "who am I" answers each user from memory (users-own.cache.ts), so every
 * write to a row says so once its transaction has ended (db/after-commit.ts): this module's writes, and the
 * ledger's, which keeps the balance on the row. Any column, not only those the answer shows, so a column added
 * to it later is never served stale.
 */

const rowSignal = createDbSignal<[userId: string]>();

/** A write to the user's row in `tx` (or on the handle): the signal follows once its transaction has ended. */
export function userRowChanged(tx: Db, userId: string): void {
  rowSignal.emitAfterCommit(tx, userId);
}

/** Runs `listener` on every userRowChanged(…) on `db` until the returned function is called. */
export const onUserRowChange: (db: Db, listener: (userId: string) => void) => () => void = rowSignal.listen;
