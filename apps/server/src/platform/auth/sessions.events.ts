import type { Db } from "../../db/client.js";
import { createDbSignal } from "../cache/db-signal.js";

/*
 * The "a user's sign-in state changed" signal (issue 24). The authenticator keeps who is behind each access token
 * in memory (authentication.cache.ts), so everything that changes what it answers must say so, once committed: a
 * session ended or rotated, a ban or an unban, a new role or username, a second factor set up or removed, an
 * account deleted.
 */

const signal = createDbSignal<[userId: string]>();

/** After a committed change to a user's sessions or to what their sign-in carries (role, ban, name, 2FA). */
export function sessionsChanged(db: Db, userId: string): void {
  signal.emit(db, userId);
}

/** Runs `listener` on every sessionsChanged(db, …) until the returned function is called. */
export const onSessionsChange: (db: Db, listener: (userId: string) => void) => () => void = signal.listen;
