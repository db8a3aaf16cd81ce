import { BUY_QUANTITY_MAX } from "@lootlane/contract";
import { describe, expect, it } from "vitest";
import { buyQuantityMax, buyQuantityOf } from "./buy-quantity";

describe("buyQuantityMax", () => {
  it("is what is in stock, up to the contract's ceiling", () => {
    expect(buyQuantityMax(3)).toBe(3);
    expect(buyQuantityMax(0)).toBe(0);
    expect(buyQuantityMax(BUY_QUANTITY_MAX + 500)).toBe(BUY_QUANTITY_MAX);
  });
});

describe("buyQuantityOf", () => {
  it("keeps a quantity within 1..max", () => {
    expect(buyQuantityOf(2, 5)).toBe(2);
    expect(buyQuantityOf(9, 5)).toBe(5);
    expect(buyQuantityOf(0, 5)).toBe(1);
    expect(buyQuantityOf(-3, 5)).toBe(1);
  });

  it("reads the address's text and takes anything unreadable, or an empty box, as one", () => {
    expect(buyQuantityOf("4", 5)).toBe(4);
    expect(buyQuantityOf("12", 5)).toBe(5);
    expect(buyQuantityOf("two", 5)).toBe(1);
    expect(buyQuantityOf("", 5)).toBe(1);
    expect(buyQuantityOf(null, 5)).toBe(1);
  });

  it("drops a fraction", () => {
    expect(buyQuantityOf(2.7, 5)).toBe(2);
  });
});
