import { describe, expect, it } from "vitest";
import { activeFilterCount, filterParams, filtersFromAddress, isPriceRangeReversed } from "./listing-filters";

describe("listing filters in the address", () => {
  it("reads every valid choice and writes it back as it was", () => {
    const address = new URLSearchParams(
      "sort=rating&min_price=0&max_price=2500&delivery=auto&online=true&min_rating=4.5&q=kept+apart",
    );

    const filters = filtersFromAddress(address);

    expect(filters).toEqual({
      sort: "rating",
      min_price: 0,
      max_price: 2500,
      delivery: "auto",
      online: "true",
      min_rating: 4.5,
    });
    expect(filterParams(filters)).toEqual({
      sort: "rating",
      min_price: "0",
      max_price: "2500",
      delivery: "auto",
      online: "true",
      min_rating: "4.5",
    });
  });

  it.each([
    ["sort=cheapest", "an unknown order"],
    ["min_price=abc&max_price=1e3", "prices that are not plain whole numbers"],
    ["min_price=-1&max_price=10.5", "a negative or fractional price"],
    ["min_rating=5.5", "a rating above 5"],
    ["delivery=manual&online=false", "choices the screen does not offer"],
  ])("leaves out %s (%s)", (query) => {
    expect(filtersFromAddress(new URLSearchParams(query))).toEqual({});
  });

  it("counts a price range once and the order never", () => {
    expect(activeFilterCount({ sort: "price_asc" })).toBe(0);
    expect(activeFilterCount({ min_price: 10, max_price: 20 })).toBe(1);
    expect(activeFilterCount({ max_price: 20, delivery: "auto", online: "true", min_rating: 4 })).toBe(4);
  });

  it("knows a reversed price range", () => {
    expect(isPriceRangeReversed({ min_price: 500, max_price: 100 })).toBe(true);
    expect(isPriceRangeReversed({ min_price: 100, max_price: 100 })).toBe(false);
    expect(isPriceRangeReversed({ min_price: 500 })).toBe(false);
  });
});
