import { afterCommit } from "../../db/after-commit.js";
import type { Db } from "../../db/client.js";

/**
 * A "this changed" signal for the caches kept in memory (the catalogue, sessions, sellers' stats). Services raise
 * it once their transaction has committed: raised earlier, a read in between would cache the old state again.
 *
 * Listeners are kept per database handle, the one thing every service already has, so apps on different
 * databases (tests) never empty each other's caches.
 */
export type DbSignal<Subject extends unknown[]> = {
  emit(db: Db, ...subject: Subject): void;
  /**
   * Emits once the transaction `tx` belongs to has ended (db/after-commit.ts): for a write that takes its
   * caller's transaction and cannot know when it commits.
   */
  emitAfterCommit(tx: Db, ...subject: Subject): void;
  /** Runs `listener` on every emit on `db` until the returned function is called. */
  listen(db: Db, listener: (...subject: Subject) => void): () => void;
};

export function createDbSignal<Subject extends unknown[] = []>(): DbSignal<Subject> {
  const listeners = new WeakMap<Db, Set<(...subject: Subject) => void>>();
  const emit = (db: Db, ...subject: Subject) => {
    for (const listener of listeners.get(db) ?? []) listener(...subject);
  };
  return {
    emit,
    emitAfterCommit: (tx, ...subject) => afterCommit(tx, (db) => emit(db, ...subject)),
    listen(db, listener) {
      const forDb = listeners.get(db) ?? new Set();
      listeners.set(db, forDb);
      forDb.add(listener);
      return () => forDb.delete(listener);
    },
  };
}
