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
