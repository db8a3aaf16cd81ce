import type { User } from "@lootlane/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { preparedOn } from "../../db/prepared.js";
import { users, type User as UserRow } from "../../db/schema/users.js";
import type { ChangeFollowing } from "../../platform/cache/follow-changes.js";
import { createFollowedCache, type FollowedCache } from "../../platform/cache/followed-cache.js";
import { AppError } from "../../platform/errors/app-error.js";
import { onUserRowChange } from "./users.events.js";
import { presentUser } from "./users.presenter.js";

/*
 * "Who am I" (POST /auth/) answered from memory (issue 24): every page load of a signed-in user asks it, and its
 * one read of the user's row was then all the database work the request had. An entry is the answer as the
 * contract shapes it (no password hash or secret is kept), forgotten whenever the row is written
 * (users.events.ts: the balance with every ledger posting, a ban, an edit, a second factor), here at once and
 * over Redis on the other instances.
 */

/** What a lost invalidation (Redis unreachable) can leave stale: as long as the sellers' stats. */
const TTL_MS = 10_000;
/** An entry is one user's record, some 500 bytes: every user signed in at once on an instance. */
const MAX_USERS = 20_000;

/** `get`: the user's own full record; TOKEN_IS_REVOKED when the row is gone, as for any read of a signed-in user. */
export type OwnUserCache = FollowedCache<User>;

const ownUser = preparedOn((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare("users_own_user"),
);

/** The user's whole row read now, secrets included (a password change checks the hash); undefined when gone. */
export async function findOwnUserRow(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await ownUser(db).execute({ userId });
  return row;
}

export function createOwnUserCache(db: Db, following: ChangeFollowing): Promise<OwnUserCache> {
  return createFollowedCache(
    "own-user",
    (onChange) => onUserRowChange(db, onChange),
    async (userId) => {
      const row = await findOwnUserRow(db, userId);
      if (!row) throw new AppError("TOKEN_IS_REVOKED");
      return presentUser(row);
    },
    { ttlMs: TTL_MS, maxEntries: MAX_USERS, ...following },
  );
}
