import { stockItemsSchema } from "@lootlane/contract";

/** What keeps a list of units from being added, read back from the contract's words so it can be translated. */
export type StockProblem =
  | { kind: "empty" }
  | { kind: "tooMany"; max: number }
  | { kind: "tooLong"; line: number; max: number }
  | { kind: "repeats"; line: number; first: number }
  | { kind: "inListing"; line: number };

/**
 * The contract's (and so the server's) English messages about units: "Line 3 repeats line 1", "Line 7 is already in
 * the listing", and the rest. The numbers are all the text carries.
 */
const MESSAGES: [RegExp, (numbers: number[]) => StockProblem][] = [
  [/^Add at least one unit, one per line$/, () => ({ kind: "empty" })],
  [/^At most (\d+) units at a time$/, ([max = 0]) => ({ kind: "tooMany", max })],
  [/^Line (\d+) is longer than (\d+) characters$/, ([line = 0, max = 0]) => ({ kind: "tooLong", line, max })],
  [/^Line (\d+) repeats line (\d+)$/, ([line = 0, first = 0]) => ({ kind: "repeats", line, first })],
  [/^Line (\d+) is already in the listing$/, ([line = 0]) => ({ kind: "inListing", line })],
];

/** A message about units as a problem to translate; null for one this page does not know, shown as written. */
export function stockProblemOf(message: string): StockProblem | null {
  for (const [pattern, problem] of MESSAGES) {
    const match = pattern.exec(message.trim());
    if (match) return problem(match.slice(1).map(Number));
  }
  return null;
}

/**
 * What the contract says of a pasted list before it is sent, in the words the server would answer with: every
 * repeat and over-long unit by its line, or no units at all. Empty when the list can be sent; only a unit already
 * in the listing is left for the server to find.
 */
export function stockMessagesOfText(text: string): string[] {
  return stockItemsSchema.safeParse(text).error?.issues.map((issue) => issue.message) ?? [];
}
