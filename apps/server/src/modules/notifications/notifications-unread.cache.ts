import type { Db } from "../../db/client.js";
import type { ChangeFollowing } from "../../platform/cache/follow-changes.js";
import { createFollowedCache, type FollowedCache } from "../../platform/cache/followed-cache.js";
import { unreadCount } from "./notifications.jobs.js";
import { onUnreadCountChange } from "./notifications.events.js";

/*
 * The bell's number (GET /notifications/unread-count) answered from memory (issue 24): every page load of a
 * signed-in user asks it. Each write of the user's rows forgets it (notifications.events.ts), here at once and
 * over Redis on the other instances.
 */

/** What a lost invalidation (Redis unreachable) can leave stale: as long as "who am I". */
const TTL_MS = 10_000;
/** An entry is one number: every user signed in at once on an instance. */
const MAX_USERS = 20_000;

export type UnreadCountCache = FollowedCache<number>;

export function createUnreadCountCache(db: Db, following: ChangeFollowing): Promise<UnreadCountCache> {
  return createFollowedCache(
    "unread-count",
    (onChange) => onUnreadCountChange(db, onChange),
    (userId) => unreadCount(db, userId),
    { ttlMs: TTL_MS, maxEntries: MAX_USERS, ...following },
  );
}
