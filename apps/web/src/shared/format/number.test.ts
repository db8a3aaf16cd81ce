import { describe, expect, it } from "vitest";
import { formatBalance, formatPrice, formatRating } from "./number";

// Intl writes ru-RU group and currency separators as no-break spaces.
const nbsp = "\u00a0";

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

describe("formatRating", () => {
  it("shows one decimal", () => {
    expect(formatRating(5)).toBe("5,0");
    expect(formatRating(4.25)).toBe("4,3");
    expect(formatRating(0)).toBe("0,0");
  });
});
