import { describe, expect, it } from "vitest";
import { createResponseCache, matchesEtag } from "./response-cache.js";

// The rules of keeping, sharing and forgetting are the value cache's (value-cache.test.ts); this one encodes.
describe("response cache", () => {
  it("encodes an answer once, with an ETag of its body, for every caller asking meanwhile", async () => {
    const cache = createResponseCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let started = 0;
    const compute = async () => {
      started += 1;
      return { value: "[1]", body: "[1]" };
    };
    const [a, b] = await Promise.all([cache.get("k", compute), cache.get("k", compute)]);
    expect(a).toBe(b);
    expect([a!.value, a!.body.toString(), a!.etag]).toEqual(["[1]", "[1]", expect.stringMatching(/^".+"$/)]);
    expect(cache.peek("k")).toBe(a);
    expect(started).toBe(1);
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
