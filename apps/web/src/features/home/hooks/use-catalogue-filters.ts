import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { categoryIdParamsSchema, SEARCH_QUERY_MAX } from "@lootlane/contract";
import {
  FILTER_PARAMS,
  filterParams,
  filtersFromAddress,
  type CatalogueFilters,
  type FilterParam,
} from "../lib/listing-filters";
import { createWrittenAddress } from "../lib/written-address";

type Changes = Partial<Record<"q" | "game" | "subcategory" | FilterParam, string | null>>;

/** An id from the address bar, if it can be one; a mangled link then shows everything instead of an error. */
function categoryIdParam(value: string | null): string | undefined {
  return categoryIdParamsSchema.shape.id.safeParse(value).success ? (value ?? undefined) : undefined;
}

const NO_FILTERS: Changes = { min_price: null, max_price: null, delivery: null, online: null, min_rating: null };

/**
 * A listing's search, sort and filters live in the address (`?q=&sort=&min_price=&max_price=&delivery=&online=
 * &min_rating=`), so a result can be shared and reloaded, and Back returns to the previous one. Values that are not
 * valid are ignored. `game` and `subcategory` are the home's older addresses of a game's listing.
 */
export function useCatalogueFilters() {
  const [params, setParams] = useSearchParams();
  const query = (params.get("q") ?? "").trim().slice(0, SEARCH_QUERY_MAX);
  const gameId = categoryIdParam(params.get("game"));
  // A subcategory only means something inside its game.
  const subcategoryId = gameId ? categoryIdParam(params.get("subcategory")) : undefined;
  const filters = useMemo(() => filtersFromAddress(params), [params]);
  /** The search and choices as an address query ("?q=…&sort=…", or ""), for links that keep them. */
  const carried = useMemo(() => {
    const kept = new URLSearchParams({ ...(query ? { q: query } : {}), ...filterParams(filters) }).toString();
    return kept ? `?${kept}` : "";
  }, [query, filters]);

  const [written] = useState(() => createWrittenAddress(params));
  useEffect(() => written.rendered(params), [written, params]);

  const update = useCallback(
    (changes: Changes, replace: boolean) => {
      const next = new URLSearchParams(written.current());
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      written.wrote(next);
      setParams(next, { replace, preventScrollReset: true });
    },
    [written, setParams],
  );

  const setQuery = useCallback(
    (value: string) => {
      const next = value.trim();
      if (next === query) return;
      // Refining a search replaces the entry, so Back leaves the search instead of replaying each pause in typing.
      update({ q: next }, query !== "" && next !== "");
    },
    [query, update],
  );

  /** Changes some choices (an absent value clears one); `replace` for a refinement Back should skip. */
  const setFilters = useCallback(
    (changes: Partial<CatalogueFilters>, replace = false) => {
      const next: Changes = {};
      for (const key of FILTER_PARAMS) {
        if (key in changes) next[key] = changes[key] === undefined ? null : String(changes[key]);
      }
      update(next, replace);
    },
    [update],
  );
  /** Clears what narrows the listing; its order stays. */
  const resetFilters = useCallback(() => update(NO_FILTERS, false), [update]);
  /** Back to the whole listing in its default order. */
  const reset = useCallback(
    () => update({ q: null, game: null, subcategory: null, sort: null, ...NO_FILTERS }, false),
    [update],
  );

  return { query, filters, carried, gameId, subcategoryId, setQuery, setFilters, resetFilters, reset };
}

export type CatalogueFilterControls = ReturnType<typeof useCatalogueFilters>;
