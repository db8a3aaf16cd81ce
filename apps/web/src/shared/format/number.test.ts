import { describe, expect, it } from "vitest";
import { formatRating } from "./number";

describe("formatRating", () => {
  it("shows one decimal", () => {
    expect(formatRating(5)).toBe("5,0");
    expect(formatRating(4.25)).toBe("4,3");
    expect(formatRating(0)).toBe("0,0");
  });
});
