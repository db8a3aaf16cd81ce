import { describe, expect, it } from "vitest";
import { withdrawalCost } from "./withdrawal-fee";

describe("withdrawal cost", () => {
  it("is the amount alone when there is no fee", () => {
    expect(withdrawalCost(1000, 0)).toEqual({ fee: 0, total: 1000 });
  });

  it("adds the percent of the amount in whole kopecks", () => {
    expect(withdrawalCost(1000, 1.5)).toEqual({ fee: 15, total: 1015 });
    expect(withdrawalCost(333, 1)).toEqual({ fee: 3.33, total: 336.33 });
    expect(withdrawalCost(101, 0.29)).toEqual({ fee: 0.29, total: 101.29 });
  });
});
