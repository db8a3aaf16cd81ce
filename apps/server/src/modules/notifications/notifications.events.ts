import type { Db } from "../../db/client.js";
import { createDbSignal } from "../../platform/cache/db-signal.js";

/*
 * The "a user's unread count changed" signal (db-signal.ts). The bell's number is answered from memory
 * (notifications-unread.cache.ts), so every write of a user's notification rows says so once its transaction has
 * ended: a new row or one more message on a chat's row, rows read, a row kept out of the bell by the user's
 * preferences.
 */

const signal = createDbSignal<[userId: string]>();

/** A write of the user's notification rows in `tx`: the signal follows once its transaction has ended. */
export function unreadCountChanged(tx: Db, userId: string): void {
  signal.emitAfterCommit(tx, userId);
}

/** Runs `listener` on every unreadCountChanged(…) on `db` until the returned function is called. */
export const onUnreadCountChange: (db: Db, listener: (userId: string) => void) => () => void = signal.listen;
