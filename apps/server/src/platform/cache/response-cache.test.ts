import { describe, expect, it } from "vitest";
import { createResponseCache, matchesEtag } from "./response-cache.js";

/** A computation the test finishes when it wants, counting how often it was started. */
function controlled(body: string) {
  let finish = () => {};
  let started = 0;
  const compute = () => {
    started += 1;
    return new Promise<{ value: string; body: string }>((resolve) => {
      finish = () => resolve({ value: body, body });
    });
  };
  return { compute, finish: () => finish(), started: () => started };
}

describe("response cache", () => {
  it("computes a missing answer once for every caller asking meanwhile, then answers from memory", async () => {
    const cache = createResponseCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const page = controlled("[1]");
    const callers = [cache.get("k", page.compute), cache.get("k", page.compute)];
    page.finish();
    const [a, b] = await Promise.all(callers);
    expect(a).toBe(b);
    expect([a!.body.toString(), a!.etag]).toEqual(["[1]", expect.stringMatching(/^".+"$/)]);
    expect((await cache.get("k", page.compute)).body.toString()).toBe("[1]");
    expect(page.started()).toBe(1);
  });

  it("never keeps an answer computed across an invalidation: it may have read the data before the change", async () => {
    const cache = createResponseCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const before = controlled("old");
    const pending = cache.get("k", before.compute);
    cache.invalidate();
    // A caller after the change does not join the computation that started before it.
    const after = controlled("new");
    const fresh = cache.get("k", after.compute);
    before.finish();
    after.finish();
    expect((await pending).body.toString()).toBe("old");
    expect((await fresh).body.toString()).toBe("new");
    expect(cache.peek("k")?.body.toString()).toBe("new");
  });

  it("forgets one key, its running computation included, and keeps the others", async () => {
    const cache = createResponseCache<string>({ ttlMs: 1000, maxEntries: 10 });
    await cache.get("other", () => Promise.resolve({ value: "kept", body: "kept" }));
    const before = controlled("old");
    const pending = cache.get("k", before.compute);
    cache.forget("k");
    before.finish();
    expect((await pending).value).toBe("old");
    expect([cache.peek("k"), cache.peek("other")?.value]).toEqual([undefined, "kept"]);
    await cache.get("k", () => Promise.resolve({ value: "new", body: "new" }));
    cache.forget("k");
    expect(cache.peek("k")).toBeUndefined();
  });

  it("drops the oldest entry when full", async () => {
    const cache = createResponseCache<string>({ ttlMs: 1000, maxEntries: 2 });
    for (const key of ["a", "b", "c"]) await cache.get(key, () => Promise.resolve({ value: key, body: key }));
    expect([cache.peek("a"), cache.peek("b")?.value, cache.peek("c")?.value]).toEqual([undefined, "b", "c"]);
  });

  it("after its TTL answers an entry while rebuilding it, and after twice the TTL no longer", async () => {
    let now = 0;
    const cache = createResponseCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => now });
    await cache.get("k", () => Promise.resolve({ value: "v1", body: "v1" }));
    now = 1500;
    const rebuild = controlled("v2");
    expect((await cache.get("k", rebuild.compute)).value).toBe("v1");
    expect(rebuild.started()).toBe(1);
    rebuild.finish();
    await expect.poll(() => cache.peek("k")?.value).toBe("v2");
    now = 1500 + 2000;
    expect(cache.peek("k")).toBeUndefined();
  });
});

describe("matchesEtag", () => {
  it("accepts the tag among others, weak or not, and *", () => {
    expect(matchesEtag('"x"', '"x"')).toBe(true);
    expect(matchesEtag('"y", W/"x"', '"x"')).toBe(true);
    expect(matchesEtag("*", '"x"')).toBe(true);
    expect(matchesEtag('"y"', '"x"')).toBe(false);
    expect(matchesEtag(undefined, '"x"')).toBe(false);
  });
});
