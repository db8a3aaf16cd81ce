import { describe, expect, it } from "vitest";
import { formatBalance, formatPrice, hasWholeKopecks, kopecksToRoubles, roublesToKopecks } from "./money.js";

// Intl writes ru-RU group and currency separators as no-break spaces.
const nbsp = "\u00a0";

describe("roublesToKopecks", () => {
  it("turns whole roubles into kopecks", () => {
    expect(roublesToKopecks(0)).toBe(0);
    expect(roublesToKopecks(1500)).toBe(150_000);
    expect(roublesToKopecks(10_000_000)).toBe(1_000_000_000);
  });

  it("gives integer kopecks for two-decimal amounts whose product with 100 is not exact in binary", () => {
    expect(roublesToKopecks(19.99)).toBe(1999);
    expect(roublesToKopecks(0.29)).toBe(29);
    expect(roublesToKopecks(4.35)).toBe(435);
    expect(roublesToKopecks(1.1)).toBe(110);
  });

  it("keeps the sign of a negative amount, as an admin's deduction", () => {
    expect(roublesToKopecks(-250.75)).toBe(-25_075);
  });

  it("rounds an amount with more than two decimals to the nearest kopeck", () => {
    expect(roublesToKopecks(12.345)).toBe(1235);
    expect(roublesToKopecks(0.004)).toBe(0);
  });
});

describe("kopecksToRoubles", () => {
  it("answers roubles with the kopecks as decimals", () => {
    expect(kopecksToRoubles(150_000)).toBe(1500);
    expect(kopecksToRoubles(150_050)).toBe(1500.5);
    expect(kopecksToRoubles(1999)).toBe(19.99);
    expect(kopecksToRoubles(0)).toBe(0);
    expect(kopecksToRoubles(-25_075)).toBe(-250.75);
  });

  it("reads a bigint sum past 2^53 kopecks to the nearest rouble amount a number holds, rounding once", () => {
    // As text: the nearest number to the exact decimal, which a literal with more digits than a number holds is not
    // allowed to be written as.
    expect(kopecksToRoubles(123_456_789_012_345_678n)).toBe(Number("1234567890123456.78"));
    expect(kopecksToRoubles(-9_007_199_254_740_993n)).toBe(Number("-90071992547409.93"));
    expect(kopecksToRoubles(5n)).toBe(0.05);
  });

  it("round-trips every kopeck amount through roubles", () => {
    const drifted: number[] = [];
    for (let kopecks = 0; kopecks <= 1_000_000; kopecks++)
      if (roublesToKopecks(kopecksToRoubles(kopecks)) !== kopecks) drifted.push(kopecks);
    expect(drifted).toEqual([]);
  });
});

describe("hasWholeKopecks", () => {
  it("accepts whole roubles and amounts with one or two decimals", () => {
    for (const roubles of [0, 1500, 1500.5, 19.99, 0.29, -250.75, 0.01]) expect(hasWholeKopecks(roubles)).toBe(true);
  });

  it("refuses fractions of a kopeck and non-finite numbers", () => {
    for (const roubles of [12.345, 0.001, 0.005, Number.NaN, Number.POSITIVE_INFINITY])
      expect(hasWholeKopecks(roubles)).toBe(false);
  });
});

describe("formatPrice", () => {
  it("groups thousands and adds the rouble sign without decimals", () => {
    expect(formatPrice(1500)).toBe(`1${nbsp}500${nbsp}₽`);
    expect(formatPrice(1_234_567)).toBe(`1${nbsp}234${nbsp}567${nbsp}₽`);
    expect(formatPrice(999)).toBe(`999${nbsp}₽`);
  });

  it("rounds a fractional price to whole roubles", () => {
    expect(formatPrice(10.6)).toBe(`11${nbsp}₽`);
  });
});

describe("formatBalance", () => {
  it("always shows two decimals", () => {
    expect(formatBalance(1500.5)).toBe(`1${nbsp}500,50${nbsp}₽`);
    expect(formatBalance(0)).toBe(`0,00${nbsp}₽`);
    expect(formatBalance(12.345)).toBe(`12,35${nbsp}₽`);
  });
});
