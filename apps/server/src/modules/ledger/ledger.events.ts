import type { Db } from "../../db/client.js";
import { createDbSignal } from "../../platform/cache/db-signal.js";

/*
 * The "a user's money changed" signal (db-signal.ts). The wallet's balances are answered from memory
 * (ledger-money.cache.ts), and only a posting changes them: postLedgerTransaction raises it for every user whose
 * account it moved, once the caller's transaction has ended.
 */

const signal = createDbSignal<[userId: string]>();

/** A posting in `tx` moved one of the user's accounts: the signal follows once the transaction has ended. */
export function userMoneyChanged(tx: Db, userId: string): void {
  signal.emitAfterCommit(tx, userId);
}

/** Runs `listener` on every userMoneyChanged(…) on `db` until the returned function is called. */
export const onUserMoneyChange: (db: Db, listener: (userId: string) => void) => () => void = signal.listen;
