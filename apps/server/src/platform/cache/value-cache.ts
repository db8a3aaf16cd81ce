/*
 * Values read far more often than they change, kept in memory and forgotten when a signal says they changed.
 * The response cache (response-cache.ts) keeps encoded answers in one; the sellers' stats keep records.
 */

export type ValueCacheOptions = {
  /**
   * A safety net: an entry no invalidation reached is rebuilt after this long. For as long again it is still
   * answered while its rebuild runs, so a value in demand never makes its callers wait for its refresh.
   */
  ttlMs: number;
  /** Bounds the memory; the oldest entry makes room for a new one. */
  maxEntries: number;
  now?: () => number;
};

export type ValueCache<T> = {
  /** The cached value for `key`, else `compute`'s, computed once for every caller that asks meanwhile. */
  get(key: string, compute: () => Promise<T>): Promise<T>;
  /** The cached value for `key` if there is one to answer; computes nothing. */
  peek(key: string): T | undefined;
  /** Forgets every value, and every computation already running: what it read may predate the change. */
  invalidate(): void;
  /** Forgets the value for `key` alone, and its computation if one is running. */
  forget(key: string): void;
};

/**
 * A value computed across an invalidation (of all, or of its key) is handed to its callers but never stored: its
 * queries may have read the data before the change committed, and storing it would serve the old state until the
 * TTL. Concurrent misses of one key share one computation, so the burst of requests that follows an invalidation
 * costs one set of queries, not one per request.
 */
export function createValueCache<T>({ ttlMs, maxEntries, now = Date.now }: ValueCacheOptions): ValueCache<T> {
  const entries = new Map<string, { value: T; storedAt: number }>();
  // The computations whose values may still be stored: an invalidation replaces the map, a forget drops its key.
  let running = new Map<string, Promise<T>>();

  /** The entry while it may still be answered, and whether it is due for a rebuild. */
  const lookup = (key: string): { value: T; stale: boolean } | undefined => {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    const age = now() - entry.storedAt;
    if (age < 2 * ttlMs) return { value: entry.value, stale: age >= ttlMs };
    entries.delete(key);
    return undefined;
  };

  const store = (key: string, value: T) => {
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { value, storedAt: now() });
  };

  const computeOnce = (key: string, compute: () => Promise<T>): Promise<T> => {
    const shared = running.get(key);
    if (shared !== undefined) return shared;
    const inFlight = running;
    const computation: Promise<T> = compute()
      .then((value) => {
        if (running.get(key) === computation) store(key, value);
        return value;
      })
      .finally(() => {
        if (inFlight.get(key) === computation) inFlight.delete(key);
      });
    running.set(key, computation);
    return computation;
  };

  return {
    peek: (key) => lookup(key)?.value,
    get(key, compute) {
      const hit = lookup(key);
      if (hit === undefined) return computeOnce(key, compute);
      // A failed background rebuild leaves the entry to age out; the next miss computes (and reports) again.
      if (hit.stale) computeOnce(key, compute).catch(() => undefined);
      return Promise.resolve(hit.value);
    },
    invalidate() {
      entries.clear();
      running = new Map();
    },
    forget(key) {
      entries.delete(key);
      running.delete(key);
    },
  };
}
