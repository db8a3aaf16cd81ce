import type { ChangeFollowing } from "./follow-changes.js";
import { createDependentCache, type DependentCache } from "./dependent-cache.js";
import type { ValueCacheOptions } from "./value-cache.js";

/*
 * A value per key (a user's record, money, unread count) kept in memory and forgotten when its signal names the
 * key, here at once and over Redis on the other instances; a signal without a key (a reconnect to Redis, which
 * may have missed messages) forgets every value. The simplest dependent cache (dependent-cache.ts): each value
 * depends on its own key alone.
 */

export type FollowedCache<T> = DependentCache<T>;

export function createFollowedCache<T>(
  name: string,
  listen: (onChange: (key?: string) => void) => () => void,
  load: (key: string) => Promise<T>,
  options: Omit<ValueCacheOptions, "now"> & ChangeFollowing,
): Promise<FollowedCache<T>> {
  return createDependentCache(name, listen, async (key) => ({ value: await load(key), dependsOn: [key] }), options);
}
