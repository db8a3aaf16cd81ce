import { describe, expect, it } from "vitest";
import { withdrawalCost } from "./withdrawal-fee";

describe("withdrawal cost", () => {
  it("is the amount alone when there is no fee", () => {
    expect(withdrawalCost(1000, 0)).toEqual({ fee: 0, total: 1000 });
  });

  it("adds the percent of the amount, rounded up to a whole kopeck as the server does", () => {
    expect(withdrawalCost(1000, 1.5)).toEqual({ fee: 15, total: 1015 });
    expect(withdrawalCost(333, 1)).toEqual({ fee: 3.33, total: 336.33 });
    // 0.29 % of 101 ₽ is 29.29 kopecks; 0.29 × 100 in floating point is 28.999…, which must not round to 29.
    expect(withdrawalCost(101, 0.29)).toEqual({ fee: 0.3, total: 101.3 });
    expect(withdrawalCost(1000, 0.29)).toEqual({ fee: 2.9, total: 1002.9 });
  });
});
