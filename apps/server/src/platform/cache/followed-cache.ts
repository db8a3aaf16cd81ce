import { followChanges, type ChangeFollowing } from "./follow-changes.js";
import { createValueCache, type ValueCacheOptions } from "./value-cache.js";

/*
 * A value per key (a user's record, money, unread count) kept in memory and forgotten when its signal names the
 * key, here at once and over Redis on the other instances; a signal without a key (a reconnect to Redis, which
 * may have missed messages) forgets every value.
 */

export type FollowedCache<T> = {
  /** The cached value for `key`, else the one `load` answers, loaded once for every caller that asks meanwhile. */
  get(key: string): Promise<T>;
  close(): Promise<void>;
};

export async function createFollowedCache<T>(
  name: string,
  listen: (onChange: (key?: string) => void) => () => void,
  load: (key: string) => Promise<T>,
  options: Omit<ValueCacheOptions, "now"> & ChangeFollowing,
): Promise<FollowedCache<T>> {
  const { ttlMs, maxEntries, ...following } = options;
  const values = createValueCache<T>({ ttlMs, maxEntries });
  const changes = await followChanges(
    name,
    listen,
    (key) => (key === undefined ? values.invalidate() : values.forget(key)),
    following,
  );
  return { get: (key) => values.get(key, () => load(key)), close: changes.close };
}
