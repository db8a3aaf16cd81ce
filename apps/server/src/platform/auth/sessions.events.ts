import type { Db } from "../../db/client.js";

/*
 * The "a user's sign-in state changed" signal (issue 24). The authenticator keeps who is behind each access token
 * in memory (authentication.cache.ts), so everything that changes what it answers must say so: a session ended
 * or rotated, a ban or an unban, a new role or username, a second factor set up or removed, an account deleted.
 * Called once the change has committed: called earlier, a request in between would cache the old state again.
 *
 * Listeners are kept per database handle, as products.events.ts does, so apps on different databases (tests)
 * never empty each other's caches.
 */

const listeners = new WeakMap<Db, Set<(userId: string) => void>>();

/** After a committed change to a user's sessions or to what their sign-in carries (role, ban, name, 2FA). */
export function sessionsChanged(db: Db, userId: string): void {
  for (const listener of listeners.get(db) ?? []) listener(userId);
}

/** Runs `listener` on every sessionsChanged(db, …) until the returned function is called. */
export function onSessionsChange(db: Db, listener: (userId: string) => void): () => void {
  const forDb = listeners.get(db) ?? new Set();
  listeners.set(db, forDb);
  forDb.add(listener);
  return () => forDb.delete(listener);
}
