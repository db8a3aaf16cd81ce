import { STOCK_ITEM_MAX, STOCK_ITEMS_PER_REQUEST_MAX } from "@lootlane/contract";
import { describe, expect, it } from "vitest";
import { stockMessagesOfText, stockProblemOf } from "./stock-lines";

describe("stockMessagesOfText", () => {
  it("finds nothing wrong with distinct units, whatever the blank lines and spaces", () => {
    expect(stockMessagesOfText("  KEY-1  \r\n\nKEY-2\n   \nlogin:pass\n")).toEqual([]);
  });

  it("names every repeat by its line and the line it repeats, counting blank lines as the seller sees them", () => {
    expect(stockMessagesOfText("A\nB\n\nA\nB\nA")).toEqual([
      "Line 4 repeats line 1",
      "Line 5 repeats line 2",
      "Line 6 repeats line 1",
    ]);
  });

  it("needs a unit, refuses one too long and more than one request takes", () => {
    expect(stockMessagesOfText(" \n")).toEqual(["Add at least one unit, one per line"]);
    expect(stockMessagesOfText(`A\n${"x".repeat(STOCK_ITEM_MAX + 1)}`)).toEqual([
      `Line 2 is longer than ${STOCK_ITEM_MAX} characters`,
    ]);
    const tooMany = Array.from({ length: STOCK_ITEMS_PER_REQUEST_MAX + 1 }, (_, index) => `KEY-${index}`);
    expect(stockMessagesOfText(tooMany.join("\n"))).toEqual([`At most ${STOCK_ITEMS_PER_REQUEST_MAX} units at a time`]);
  });
});

describe("stockProblemOf", () => {
  it("reads back every message the contract and the server write about units", () => {
    expect(stockProblemOf("Add at least one unit, one per line")).toEqual({ kind: "empty" });
    expect(stockProblemOf("At most 10000 units at a time")).toEqual({ kind: "tooMany", max: 10000 });
    expect(stockProblemOf("Line 2 is longer than 1000 characters")).toEqual({ kind: "tooLong", line: 2, max: 1000 });
    expect(stockProblemOf("Line 3 repeats line 1")).toEqual({ kind: "repeats", line: 3, first: 1 });
    expect(stockProblemOf("Line 7 is already in the listing")).toEqual({ kind: "inListing", line: 7 });
  });

  it("leaves any other message alone", () => {
    expect(stockProblemOf("Cannot contain the character U+0000")).toBeNull();
  });
});
