import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { categoryIdParamsSchema, SEARCH_QUERY_MAX } from "@lootlane/contract";

type FilterKey = "q" | "game" | "subcategory";

/** An id from the address bar, if it can be one; a mangled link then shows everything instead of an error. */
function categoryIdParam(value: string | null): string | undefined {
  return categoryIdParamsSchema.shape.id.safeParse(value).success ? (value ?? undefined) : undefined;
}

/**
 * The catalogue's search and filters live in the URL (`?q=&game=&subcategory=`), so a result can be shared
 * and Back returns to the previous one.
 */
export function useCatalogueFilters() {
  const [params, setParams] = useSearchParams();
  const query = (params.get("q") ?? "").trim().slice(0, SEARCH_QUERY_MAX);
  const gameId = categoryIdParam(params.get("game"));
  // A subcategory only means something inside its game.
  const subcategoryId = gameId ? categoryIdParam(params.get("subcategory")) : undefined;

  const update = useCallback(
    (changes: Partial<Record<FilterKey, string | null>>, replace: boolean) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setParams],
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
  const setGame = useCallback((id: string | null) => update({ game: id, subcategory: null }, false), [update]);
  const setSubcategory = useCallback((id: string | null) => update({ subcategory: id }, false), [update]);
  const reset = useCallback(() => update({ q: null, game: null, subcategory: null }, false), [update]);

  return { query, gameId, subcategoryId, setQuery, setGame, setSubcategory, reset };
}
