import { describe, expect, it } from "vitest";
import { createValueCache } from "./value-cache.js";

/** A computation the test finishes when it wants, counting how often it was started. */
function controlled(value: string) {
  let finish = () => {};
  let started = 0;
  const compute = () => {
    started += 1;
    return new Promise<string>((resolve) => {
      finish = () => resolve(value);
    });
  };
  return { compute, finish: () => finish(), started: () => started };
}

describe("value cache", () => {
  it("computes a missing value once for every caller asking meanwhile, then answers from memory", async () => {
    const cache = createValueCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const value = controlled("v");
    const callers = [cache.get("k", value.compute), cache.get("k", value.compute)];
    value.finish();
    expect(await Promise.all(callers)).toEqual(["v", "v"]);
    expect(await cache.get("k", value.compute)).toBe("v");
    expect(value.started()).toBe(1);
  });

  it("never keeps a value computed across an invalidation: it may have read the data before the change", async () => {
    const cache = createValueCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const before = controlled("old");
    const pending = cache.get("k", before.compute);
    cache.invalidate();
    // A caller after the change does not join the computation that started before it.
    const after = controlled("new");
    const fresh = cache.get("k", after.compute);
    before.finish();
    after.finish();
    expect([await pending, await fresh]).toEqual(["old", "new"]);
    expect(cache.peek("k")).toBe("new");
  });

  it("forgets one key, its running computation included, and keeps the others", async () => {
    const cache = createValueCache<string>({ ttlMs: 1000, maxEntries: 10 });
    await cache.get("other", () => Promise.resolve("kept"));
    const before = controlled("old");
    const pending = cache.get("k", before.compute);
    cache.forget("k");
    before.finish();
    expect(await pending).toBe("old");
    expect([cache.peek("k"), cache.peek("other")]).toEqual([undefined, "kept"]);
    await cache.get("k", () => Promise.resolve("new"));
    cache.forget("k");
    expect(cache.peek("k")).toBeUndefined();
  });

  it("drops the oldest entry when full", async () => {
    const cache = createValueCache<string>({ ttlMs: 1000, maxEntries: 2 });
    for (const key of ["a", "b", "c"]) await cache.get(key, () => Promise.resolve(key));
    expect(["a", "b", "c"].map((key) => cache.peek(key))).toEqual([undefined, "b", "c"]);
  });

  it("after its TTL answers an entry while rebuilding it, and after twice the TTL no longer", async () => {
    let now = 0;
    const cache = createValueCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => now });
    await cache.get("k", () => Promise.resolve("v1"));
    now = 1500;
    const rebuild = controlled("v2");
    expect(await cache.get("k", rebuild.compute)).toBe("v1");
    expect(rebuild.started()).toBe(1);
    rebuild.finish();
    await expect.poll(() => cache.peek("k")).toBe("v2");
    now = 1500 + 2000;
    expect(cache.peek("k")).toBeUndefined();
  });
});
