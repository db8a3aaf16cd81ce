import { createHash } from "node:crypto";
import { createValueCache, type ValueCache, type ValueCacheOptions } from "./value-cache.js";

/**
 * An answer as cached: the value it was built from (to re-present or page on) and its JSON exactly as sent,
 * already encoded: a 30-product page is some 30 kB, and encoding it again for every request cost more CPU
 * (and garbage) than everything else the request does.
 */
export type CachedAnswer<T> = { value: T; body: Buffer; etag: string };

export type ResponseCache<T> = Omit<ValueCache<CachedAnswer<T>>, "get"> & {
  /** The cached answer for `key`, else `compute`'s, computed and encoded once for every caller asking meanwhile. */
  get(key: string, compute: () => Promise<{ value: T; body: string }>): Promise<CachedAnswer<T>>;
};

/** An in-process cache of serialised answers (value-cache.ts), each with the ETag of its bytes. */
export function createResponseCache<T>(options: ValueCacheOptions): ResponseCache<T> {
  const answers = createValueCache<CachedAnswer<T>>(options);
  return {
    ...answers,
    get: (key, compute) =>
      answers.get(key, async () => {
        const { value, body } = await compute();
        const encoded = Buffer.from(body);
        return { value, body: encoded, etag: etagOf(encoded) };
      }),
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
