import { followChanges, type ChangeFollowing } from "./follow-changes.js";
import { createValueCache, type ValueCacheOptions } from "./value-cache.js";

/*
 * A value per key built from rows of several owners (a chat list: the chats, the other members, their products),
 * kept in memory and forgotten when a signal names any of the dependencies it was built from, here at once and
 * over Redis on the other instances. The loader says which dependencies a value has, since only it knows which
 * other members and products the list showed; a signal without a dependency forgets every value.
 */

export type Dependent<T> = { value: T; dependsOn: readonly string[] };

export type DependentCache<T> = {
  /** The cached value for `key`, else the one `load` answers, loaded once for every caller that asks meanwhile. */
  get(key: string): Promise<T>;
  close(): Promise<void>;
};

export async function createDependentCache<T>(
  name: string,
  listen: (onChange: (dependency?: string) => void) => () => void,
  load: (key: string) => Promise<Dependent<T>>,
  options: Omit<ValueCacheOptions, "now"> & ChangeFollowing,
): Promise<DependentCache<T>> {
  const { ttlMs, maxEntries, ...following } = options;
  const values = createValueCache<T>({ ttlMs, maxEntries });
  const keysOf = new Map<string, Set<string>>();
  const dependenciesOf = new Map<string, readonly string[]>();
  // A load cannot be told of a change to a dependency it does not know it has until it answers: each load
  // compares its dependencies with those signalled since it started, and is answered but not kept if one was.
  let signals = 0;
  const signalledAt = new Map<string, number>();
  let loading = 0;

  const unregister = (key: string) => {
    for (const dependency of dependenciesOf.get(key) ?? []) {
      const keys = keysOf.get(dependency);
      keys?.delete(key);
      if (keys?.size === 0) keysOf.delete(dependency);
    }
    dependenciesOf.delete(key);
  };

  const register = (key: string, dependsOn: readonly string[]) => {
    unregister(key);
    dependenciesOf.set(key, dependsOn);
    for (const dependency of dependsOn) keysOf.set(dependency, (keysOf.get(dependency) ?? new Set()).add(key));
    // A value whose dependencies are no longer known could miss its signal: the oldest goes with them.
    if (dependenciesOf.size > maxEntries) {
      const oldest = dependenciesOf.keys().next().value!;
      unregister(oldest);
      values.forget(oldest);
    }
  };

  const forget = (dependency?: string) => {
    signals += 1;
    if (dependency === undefined) {
      values.invalidate();
      keysOf.clear();
      dependenciesOf.clear();
      return;
    }
    if (loading > 0) signalledAt.set(dependency, signals);
    for (const key of keysOf.get(dependency) ?? []) {
      values.forget(key);
      unregister(key);
    }
  };

  const loadTracked = async (key: string): Promise<T> => {
    const startedAt = signals;
    loading += 1;
    try {
      const { value, dependsOn } = await load(key);
      const missed = signals !== startedAt && dependsOn.some((d) => (signalledAt.get(d) ?? 0) > startedAt);
      // Forgetting the key from inside its own load keeps the value from being stored (value-cache.ts).
      if (missed) values.forget(key);
      else register(key, dependsOn);
      return value;
    } finally {
      loading -= 1;
      if (loading === 0) signalledAt.clear();
    }
  };

  const changes = await followChanges(name, listen, forget, following);
  return { get: (key) => values.get(key, () => loadTracked(key)), close: changes.close };
}
