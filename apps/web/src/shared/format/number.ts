import { DATE_LOCALE } from "@lootlane/contract";

/*
 * Numbers on screen follow the Russian convention (ru-RU) whatever the interface language, as money does (the
 * contract's formatPrice and formatBalance): "4,5".
 */
const ratingFormat = new Intl.NumberFormat(DATE_LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A seller's rating to one decimal: 4.25 → "4,3". */
export function formatRating(rating: number): string {
  return ratingFormat.format(rating);
}

const countFormat = new Intl.NumberFormat(DATE_LOCALE, { maximumFractionDigits: 0 });

/** A count of things with the groups of ru-RU: 10000 → "10 000" (with a no-break space). */
export function formatCount(count: number): string {
  return countFormat.format(count);
}
