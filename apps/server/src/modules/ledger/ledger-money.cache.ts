import type { Db } from "../../db/client.js";
import type { ChangeFollowing } from "../../platform/cache/follow-changes.js";
import { createFollowedCache, type FollowedCache } from "../../platform/cache/followed-cache.js";
import { onUserMoneyChange } from "./ledger.events.js";
import { userMoney, type UserMoney } from "./ledger-statement.service.js";

/*
 * The wallet's balances (GET /wallet) answered from memory (issue 24): the wallet and every page that shows money
 * read them, and they change only with a posting (ledger.events.ts), which forgets them here at once and over
 * Redis on the other instances. The rules that decide on money (a purchase, a withdrawal) never read this: they
 * lock the accounts in their own transaction.
 */

/** What a lost invalidation (Redis unreachable) can leave stale: as long as "who am I". */
const TTL_MS = 10_000;
/** An entry is three numbers: every user signed in at once on an instance. */
const MAX_USERS = 20_000;

export type UserMoneyCache = FollowedCache<UserMoney>;

export function createUserMoneyCache(db: Db, following: ChangeFollowing): Promise<UserMoneyCache> {
  return createFollowedCache(
    "user-money",
    (onChange) => onUserMoneyChange(db, onChange),
    (userId) => userMoney(db, userId),
    { ttlMs: TTL_MS, maxEntries: MAX_USERS, ...following },
  );
}
