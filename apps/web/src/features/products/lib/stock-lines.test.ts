import { STOCK_ITEM_MAX, STOCK_ITEMS_PER_REQUEST_MAX, stockItemsSchema } from "@lootlane/contract";
import { describe, expect, it } from "vitest";
import { stockLinesOf, stockProblemOfServerMessage, stockProblemsOf } from "./stock-lines";

describe("stockLinesOf", () => {
  it("reads the units as the contract does, keeping the line each stands on", () => {
    const text = "  KEY-1  \r\n\nKEY-2\n   \nlogin:pass\n";

    expect(stockLinesOf(text)).toEqual([
      { item: "KEY-1", line: 1 },
      { item: "KEY-2", line: 3 },
      { item: "login:pass", line: 5 },
    ]);
    expect(stockLinesOf(text).map((line) => line.item)).toEqual(stockItemsSchema.parse(text));
  });
});

describe("stockProblemsOf", () => {
  it("finds nothing wrong with distinct units", () => {
    expect(stockProblemsOf(stockLinesOf("A\nB\nC"))).toEqual([]);
  });

  it("needs at least one unit", () => {
    expect(stockProblemsOf(stockLinesOf(" \n \n"))).toEqual([{ kind: "empty" }]);
  });

  it("names every repeat by its line and the line it repeats", () => {
    expect(stockProblemsOf(stockLinesOf("A\nB\n\nA\nB\nA"))).toEqual([
      { kind: "repeats", line: 4, first: 1 },
      { kind: "repeats", line: 5, first: 2 },
      { kind: "repeats", line: 6, first: 1 },
    ]);
  });

  it("refuses a unit longer than the contract allows", () => {
    const text = `A\n${"x".repeat(STOCK_ITEM_MAX + 1)}`;
    expect(stockProblemsOf(stockLinesOf(text))).toEqual([{ kind: "tooLong", line: 2, max: STOCK_ITEM_MAX }]);
  });

  it("refuses more units than one request takes", () => {
    const count = STOCK_ITEMS_PER_REQUEST_MAX + 1;
    const text = Array.from({ length: count }, (_, index) => `KEY-${index}`).join("\n");
    expect(stockProblemsOf(stockLinesOf(text))).toEqual([{ kind: "tooMany", count, max: STOCK_ITEMS_PER_REQUEST_MAX }]);
  });
});

describe("stockProblemOfServerMessage", () => {
  it("reads back the server's words about a refused unit", () => {
    expect(stockProblemOfServerMessage("Line 3 repeats line 1")).toEqual({ kind: "repeats", line: 3, first: 1 });
    expect(stockProblemOfServerMessage("Line 7 is already in the listing")).toEqual({ kind: "inListing", line: 7 });
  });

  it("leaves any other message alone", () => {
    expect(stockProblemOfServerMessage("At most 10000 units at a time")).toBeNull();
  });
});
