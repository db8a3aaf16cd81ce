import { LISTING_COUNT_CAP } from "@lootlane/contract";
import { formatCount } from "@/shared/format/number";

/** A count of listings on sale: the API stops counting at the cap, so a count there reads "10 000+". */
export function formatListingCount(count: number): string {
  return count >= LISTING_COUNT_CAP ? `${formatCount(LISTING_COUNT_CAP)}+` : formatCount(count);
}
