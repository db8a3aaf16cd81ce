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

// The rules of keeping, sharing and forgetting are the value cache's (value-cache.test.ts); this one encodes.
describe("response cache", () => {
  it("encodes an answer once, with an ETag of its body, for every caller asking meanwhile", async () => {
    const cache = createResponseCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const page = controlled("[1]");
    const callers = [cache.get("k", page.compute), cache.get("k", page.compute)];
    page.finish();
    const [a, b] = await Promise.all(callers);
    expect(a).toBe(b);
    expect([a!.value, a!.body.toString(), a!.etag]).toEqual(["[1]", "[1]", expect.stringMatching(/^".+"$/)]);
    expect(cache.peek("k")).toBe(a);
    expect(page.started()).toBe(1);
  });

  it("gives different bodies different ETags", async () => {
    const cache = createResponseCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const [one, two] = await Promise.all(
      ["[1]", "[2]"].map((body) => cache.get(body, () => Promise.resolve({ value: body, body }))),
    );
    expect(one!.etag).not.toBe(two!.etag);
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
