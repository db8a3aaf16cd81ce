import { BUY_QUANTITY_MAX } from "@lootlane/contract";

/** The most one purchase may take: what is in stock, and never more than the contract's ceiling. */
export function buyQuantityMax(inStock: number): number {
  return Math.max(0, Math.min(inStock, BUY_QUANTITY_MAX));
}

/**
 * A wanted quantity (the number box's value, or `?quantity=` of the address) within 1..max: what the dialog
 * prices and buys. A value that is not a number, or an empty box, means one.
 */
export function buyQuantityOf(wanted: unknown, max: number): number {
  const number = typeof wanted === "number" ? wanted : Number.parseInt(typeof wanted === "string" ? wanted : "", 10);
  if (!Number.isFinite(number)) return 1;
  return Math.min(Math.max(1, Math.trunc(number)), Math.max(1, max));
}
