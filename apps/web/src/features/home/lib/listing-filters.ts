import { listingFiltersSchema, type ListingFilters } from "@lootlane/contract";

/** What a visitor chooses about a listing (issue 21): its order and what narrows it. Paging (`after`) is not theirs. */
export type CatalogueFilters = Omit<ListingFilters, "after">;

/** The address's names of the choices: the API's own, so a listing's address and its request read alike. */
export const FILTER_PARAMS = ["sort", "min_price", "max_price", "delivery", "online", "min_rating"] as const;

export type FilterParam = (typeof FILTER_PARAMS)[number];

interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

const fields = listingFiltersSchema.shape;

/** A value the API would take; anything else (a hand-edited or mangled address) is as if absent. */
function valid<T>(schema: Parser<T>, value: string | null): T | undefined {
  const parsed = schema.safeParse(value ?? undefined);
  return parsed.success ? parsed.data : undefined;
}

/** The sort and filters an address holds, each only when valid; absent ones are left out rather than undefined. */
export function filtersFromAddress(params: URLSearchParams): CatalogueFilters {
  const filters: CatalogueFilters = {};
  const sort = valid(fields.sort, params.get("sort"));
  const minPrice = valid(fields.min_price, params.get("min_price"));
  const maxPrice = valid(fields.max_price, params.get("max_price"));
  const minRating = valid(fields.min_rating, params.get("min_rating"));
  if (sort) filters.sort = sort;
  if (minPrice !== undefined) filters.min_price = minPrice;
  if (maxPrice !== undefined) filters.max_price = maxPrice;
  // The screen offers "instant delivery only"; "manual only" is no choice it shows, so it is not kept either.
  if (params.get("delivery") === "auto") filters.delivery = "auto";
  // "false" means no filter.
  if (params.get("online") === "true") filters.online = "true";
  if (minRating !== undefined) filters.min_rating = minRating;
  return filters;
}

/** The choices as address (and API query) parameters. */
export function filterParams(filters: CatalogueFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of FILTER_PARAMS) {
    const value = filters[key];
    if (value !== undefined) params[key] = String(value);
  }
  return params;
}

/** How many filters narrow the listing, for the phone's Filters button: a price range counts once, the order never. */
export function activeFilterCount(filters: CatalogueFilters): number {
  const price = filters.min_price !== undefined || filters.max_price !== undefined;
  return [price, filters.delivery !== undefined, filters.online !== undefined, filters.min_rating !== undefined].filter(
    Boolean,
  ).length;
}

/** A range whose low end is above its high end: the API refuses it (422), so the price fields say why instead. */
export function isPriceRangeReversed({ min_price, max_price }: CatalogueFilters): boolean {
  return min_price !== undefined && max_price !== undefined && min_price > max_price;
}
