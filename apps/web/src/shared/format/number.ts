import { CURRENCY, DATE_LOCALE } from "@lootlane/contract";

/**
 * One rule for every number on screen: the Russian convention (ru-RU), whatever the interface language —
 * prices are in roubles and the spec writes dates the Russian way, so "1 500 ₽", "1 500,50 ₽", "4,5".
 * Separators are no-break spaces, so an amount never wraps across lines.
 */
const NUMBER_LOCALE = DATE_LOCALE;

const priceFormat = new Intl.NumberFormat(NUMBER_LOCALE, {
  style: "currency",
  currency: CURRENCY.code,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const balanceFormat = new Intl.NumberFormat(NUMBER_LOCALE, {
  style: "currency",
  currency: CURRENCY.code,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const ratingFormat = new Intl.NumberFormat(NUMBER_LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A price in whole roubles: 1500 → "1 500 ₽". */
export function formatPrice(roubles: number): string {
  return priceFormat.format(roubles);
}

/** A balance with kopecks: 1500.5 → "1 500,50 ₽". */
export function formatBalance(roubles: number): string {
  return balanceFormat.format(roubles);
}

/** A seller's rating to one decimal: 4.25 → "4,3". */
export function formatRating(rating: number): string {
  return ratingFormat.format(rating);
}
