import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "./client.js";

/*
 * Work that must wait for the transaction it was asked in to end: telling a cache kept in memory that a row
 * changed. Told before the commit, a concurrent read could cache the row as it was again. The functions that
 * write a row take whatever transaction their caller opened; they cannot know when it commits, so they leave
 * the work here (as Django's transaction.on_commit), and each database handle runs it when its outermost
 * transaction ends.
 */

type Pending = { db: Db; callbacks: ((db: Db) => void)[]; ended: boolean };

const pendingOf = new AsyncLocalStorage<Pending>();

/**
 * Makes `db.transaction` keep the work left by afterCommit inside it and run it when the transaction ends, with
 * `db` itself: signals are kept per database handle (db-signal.ts), never per transaction. Savepoints
 * (`tx.transaction`) run inside their outermost transaction's context and so add to its list. The work also runs
 * after a rollback: it only ever drops cached values, and dropping one that had not changed costs one read.
 */
export function runningAfterCommit(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => {
    const pending: Pending = { db, callbacks: [], ended: false };
    return pendingOf
      .run(pending, () => transaction(run, config))
      .finally(() => {
        pending.ended = true;
        for (const callback of pending.callbacks) callback(db);
      });
  }) as Db["transaction"];
  return db;
}

/**
 * Runs `callback` once the transaction it is called in has ended, or now outside one (`executor` is then the
 * database handle, its statement already committed).
 */
export function afterCommit(executor: Db, callback: (db: Db) => void): void {
  const pending = pendingOf.getStore();
  if (pending === undefined) callback(executor);
  else if (pending.ended) callback(pending.db);
  else pending.callbacks.push(callback);
}
