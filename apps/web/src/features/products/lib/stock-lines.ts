import { STOCK_ITEM_MAX, STOCK_ITEMS_PER_REQUEST_MAX } from "@lootlane/contract";

/** A unit of stock as the seller pasted it, with the line of the text it stands on (1-based, blank lines counted). */
export interface StockLine {
  item: string;
  line: number;
}

/**
 * The units in a pasted text, read as the contract's stockItemsSchema reads them (one per line, the spaces around
 * a unit and blank lines dropped), keeping each unit's line so a problem can point at it in the text box.
 */
export function stockLinesOf(text: string): StockLine[] {
  return text.split(/\r?\n/).flatMap((raw, index) => {
    const item = raw.trim();
    return item ? [{ item, line: index + 1 }] : [];
  });
}

/** What keeps a list of units from being added, each with what the seller needs to find it. */
export type StockProblem =
  | { kind: "empty" }
  | { kind: "tooMany"; count: number; max: number }
  | { kind: "tooLong"; line: number; max: number }
  | { kind: "repeats"; line: number; first: number }
  | { kind: "inListing"; line: number };

/**
 * The problems the browser can see before sending: no unit, too many, a unit too long, a unit repeated in the text.
 * A unit already in the listing only the server knows; its answer is read by stockProblemOfServerMessage.
 */
export function stockProblemsOf(lines: readonly StockLine[]): StockProblem[] {
  if (lines.length === 0) return [{ kind: "empty" }];
  const problems: StockProblem[] = [];
  if (lines.length > STOCK_ITEMS_PER_REQUEST_MAX)
    problems.push({ kind: "tooMany", count: lines.length, max: STOCK_ITEMS_PER_REQUEST_MAX });
  const firstLine = new Map<string, number>();
  for (const { item, line } of lines) {
    if (item.length > STOCK_ITEM_MAX) problems.push({ kind: "tooLong", line, max: STOCK_ITEM_MAX });
    const first = firstLine.get(item);
    if (first === undefined) firstLine.set(item, line);
    else problems.push({ kind: "repeats", line, first });
  }
  return problems;
}

const SERVER_PATTERNS: [RegExp, (numbers: number[]) => StockProblem][] = [
  [/^Line (\d+) repeats line (\d+)\.?$/i, ([line = 0, first = 0]) => ({ kind: "repeats", line, first })],
  [/^Line (\d+) is already in the listing\.?$/i, ([line = 0]) => ({ kind: "inListing", line })],
];

/**
 * The server names refused units in English ("Line 3 repeats line 1", "Line 7 is already in the listing"); read
 * back, they can be shown in the interface language. Anything else is shown as the server wrote it.
 */
export function stockProblemOfServerMessage(message: string): StockProblem | null {
  for (const [pattern, problem] of SERVER_PATTERNS) {
    const match = pattern.exec(message.trim());
    if (match) return problem(match.slice(1).map(Number));
  }
  return null;
}
