/** Why an amount typed in roubles cannot be sent; the form names it in the reader's language. */
export type AmountProblem = "required" | "whole" | "min" | "max";

/**
 * A whole number of roubles between `min` and `max`, as the server checks it. An empty number input gives "" and
 * means the amount is missing.
 */
export function checkAmount(value: number | string, min: number, max: number): AmountProblem | null {
  if (value === "" || typeof value === "string") return "required";
  if (!Number.isInteger(value)) return "whole";
  if (value < min) return "min";
  return value > max ? "max" : null;
}
