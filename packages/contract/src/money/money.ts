import { CURRENCY, DATE_LOCALE } from "../common/constants.js";

/*
 * The one place money changes units (ARCHITECTURE.md §4 "Deals and money"): the API and the screens speak
 * roubles (prices whole, balances and commissions with two decimals), the database and the ledger integer
 * kopecks. Server, web and bench convert and format only through these functions, so the factor, the rounding
 * and the display rule cannot drift apart.
 */

const KOPECKS_PER_ROUBLE = 100;

/** Float noise tolerated when asking whether an amount is whole kopecks: 0.29 × 100 is 28.999999999999996. */
const KOPECK_TOLERANCE = 1e-6;

/** Whether an amount in roubles has at most two decimals, i.e. is a whole number of kopecks. */
export function hasWholeKopecks(roubles: number): boolean {
  return Math.abs(roubles * KOPECKS_PER_ROUBLE - Math.round(roubles * KOPECKS_PER_ROUBLE)) < KOPECK_TOLERANCE;
}

/**
 * Roubles as integer kopecks. Rounds to the nearest kopeck, which removes the float noise of two-decimal amounts
 * (19.99 → 1999, not 1998.9999999999998); amounts with more decimals are the caller's to refuse first, with
 * hasWholeKopecks or roublesAmountSchema, since rounding them would silently change the sum.
 */
export function roublesToKopecks(roubles: number): number {
  return Math.round(roubles * KOPECKS_PER_ROUBLE);
}

/**
 * Integer kopecks from the database or the ledger as the roubles the API answers. A bigint (a SQL sum, which no
 * cap keeps under 2^53) is written out as its exact decimal and read once, so it is rounded once, not twice.
 */
export function kopecksToRoubles(kopecks: number | bigint): number {
  if (typeof kopecks === "number") return kopecks / KOPECKS_PER_ROUBLE;
  const digits = (kopecks < 0n ? -kopecks : kopecks).toString().padStart(3, "0");
  return Number(`${kopecks < 0n ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`);
}

/*
 * Every amount on screen follows the Russian convention (ru-RU) whatever the interface language, as the spec
 * writes prices: "1 500 ₽", "1 500,50 ₽". Separators are no-break spaces, so an amount never wraps across lines.
 */
const priceFormat = new Intl.NumberFormat(DATE_LOCALE, {
  style: "currency",
  currency: CURRENCY.code,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const balanceFormat = new Intl.NumberFormat(DATE_LOCALE, {
  style: "currency",
  currency: CURRENCY.code,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A price in whole roubles: 1500 → "1 500 ₽". */
export function formatPrice(roubles: number): string {
  return priceFormat.format(roubles);
}

/** A balance or commission with kopecks: 1500.5 → "1 500,50 ₽". */
export function formatBalance(roubles: number): string {
  return balanceFormat.format(roubles);
}
