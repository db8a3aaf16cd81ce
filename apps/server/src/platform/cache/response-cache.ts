import { createHash } from "node:crypto";

/**
 * An answer as cached: the value it was built from (to re-present or page on) and its JSON exactly as sent,
 * already encoded: a 30-product page is some 30 kB, and encoding it again for every request cost more CPU
 * (and garbage) than everything else the request does.
 */
export type CachedAnswer<T> = { value: T; body: Buffer; etag: string };

export type ResponseCacheOptions = {
  /**
   * A safety net: an entry no invalidation reached is rebuilt after this long. For as long again it is still
   * answered while its rebuild runs, so a page in demand never makes its callers wait for its refresh.
   */
  ttlMs: number;
  /** Bounds the memory; the oldest entry makes room for a new one. */
  maxEntries: number;
  now?: () => number;
};

export type ResponseCache<T> = {
  /** The cached answer for `key`, else `compute`'s, computed once for every caller that asks meanwhile. */
  get(key: string, compute: () => Promise<{ value: T; body: string }>): Promise<CachedAnswer<T>>;
  /** The cached answer for `key` if there is one to answer; computes nothing. */
  peek(key: string): CachedAnswer<T> | undefined;
  /** Forgets every answer, and every computation already running: what it read may predate the change. */
  invalidate(): void;
  /** Forgets the answer for `key` alone, and its computation if one is running. */
  forget(key: string): void;
};

/**
 * An in-process cache of serialised answers, emptied as a whole when the data behind them changes.
 *
 * An answer computed across an invalidation (of all, or of its key) is handed to its callers but never stored: its
 * queries may have read the data before the change committed, and storing it would serve the old state until the TTL. Concurrent misses
 * of one key share one computation, so the burst of requests that follows an invalidation costs one set of
 * queries, not one per request.
 */
export function createResponseCache<T>({ ttlMs, maxEntries, now = Date.now }: ResponseCacheOptions): ResponseCache<T> {
  const entries = new Map<string, { answer: CachedAnswer<T>; storedAt: number }>();
  // The computations whose answers may still be stored: an invalidation replaces the map, a forget drops its key.
  let running = new Map<string, Promise<CachedAnswer<T>>>();

  /** The entry while it may still be answered, and whether it is due for a rebuild. */
  const lookup = (key: string): { answer: CachedAnswer<T>; stale: boolean } | undefined => {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    const age = now() - entry.storedAt;
    if (age < 2 * ttlMs) return { answer: entry.answer, stale: age >= ttlMs };
    entries.delete(key);
    return undefined;
  };

  const store = (key: string, answer: CachedAnswer<T>) => {
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { answer, storedAt: now() });
  };

  const computeOnce = (key: string, compute: () => Promise<{ value: T; body: string }>): Promise<CachedAnswer<T>> => {
    const shared = running.get(key);
    if (shared !== undefined) return shared;
    const inFlight = running;
    const computation: Promise<CachedAnswer<T>> = compute()
      .then(({ value, body }) => {
        const encoded = Buffer.from(body);
        const answer = { value, body: encoded, etag: etagOf(encoded) };
        if (running.get(key) === computation) store(key, answer);
        return answer;
      })
      .finally(() => {
        if (inFlight.get(key) === computation) inFlight.delete(key);
      });
    running.set(key, computation);
    return computation;
  };

  return {
    peek: (key) => lookup(key)?.answer,
    get(key, compute) {
      const hit = lookup(key);
      if (hit === undefined) return computeOnce(key, compute);
      // A failed background rebuild leaves the entry to age out; the next miss computes (and reports) again.
      if (hit.stale) computeOnce(key, compute).catch(() => undefined);
      return Promise.resolve(hit.answer);
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

/** A strong validator of the exact bytes: equal answers get equal ETags on every instance and after a rebuild. */
export function etagOf(body: Buffer): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Whether an If-None-Match header names `etag` (or `*`): the client's copy is current and 304 may answer. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  // Weak comparison, as RFC 9110 asks for If-None-Match: a W/ prefix does not matter.
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  });
}
