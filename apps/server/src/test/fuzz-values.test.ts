import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzSeed, integerNotACode, plausibleValue, refusedValue } from "./fuzz-values.js";
import { holdsCodeLikeNumber } from "./log-secrets-check.js";

/*
 * Issue 16: the input fuzzing put numbers such as page=482913 into logged URLs, and now and then one equalled
 * a code another suite had mailed, which the log check reported as a leak. Its numbers must never read as a code.
 */
describe("the fuzzer's numbers", () => {
  it("tell a code-like number from an id, a longer number or a timestamp as the log check does", () => {
    for (const text of ["page=482913", "/v1/x/000123", "0.482913", "-482913", "482913"])
      expect(holdsCodeLikeNumber(text), text).toBe(true);
    for (const text of ["page=4829130", "a482913", "482913b", "12345", "1e482913x", "time=1718000123456"])
      expect(holdsCodeLikeNumber(text), text).toBe(false);
  });

  it("stay in their range and are never six digits long", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2_000_000, max: 2_000_000 }),
        fc.integer({ min: 0, max: 3_000_000 }),
        (min, width) => {
          const max = min + width;
          const inCodeRange = (value: number) => Math.abs(value) >= 100_000 && Math.abs(value) <= 999_999;
          fc.pre(!(inCodeRange(min) && inCodeRange(max) && Math.sign(min) === Math.sign(max)));
          for (const value of fc.sample(integerNotACode({ min, max }), { numRuns: 50, seed: min ^ width })) {
            expect(value).toBeGreaterThanOrEqual(min);
            expect(value).toBeLessThanOrEqual(max);
            expect(holdsCodeLikeNumber(String(value)), String(value)).toBe(false);
          }
        },
      ),
      { seed: fuzzSeed("integerNotACode") },
    );
  });

  it("still reach both sides of the six-digit numbers", () => {
    const values = fc.sample(integerNotACode({ min: 1, max: 1_000_001 }), { numRuns: 500, seed: fuzzSeed("edges") });
    expect(values.some((value) => value < 100_000)).toBe(true);
    expect(values.some((value) => value >= 1_000_000)).toBe(true);
  });

  it("in a page number, accepted or refused, as text or JSON, never read as a code", () => {
    const page = { type: "integer", minimum: 1, maximum: 1_000_001 } as const;
    const price = { type: "number", minimum: 0, maximum: 10_000_000 } as const;
    for (const schema of [page, price])
      for (const context of ["text", "json"] as const) {
        const values = [
          ...fc.sample(plausibleValue(schema, context, []), { numRuns: 100, seed: fuzzSeed(`plausible ${context}`) }),
          ...fc.sample(refusedValue(schema, context), { numRuns: 100, seed: fuzzSeed(`refused ${context}`) }),
        ];
        expect(values.filter(holdsCodeLikeNumber)).toEqual([]);
      }
  });
});
