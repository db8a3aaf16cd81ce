import { useGames, useSubcategories } from "@/shared/catalog/categories";
import { useCatalogueFilters } from "./use-catalogue-filters";

/**
 * Where `/?game=<id>[&subcategory=<id>]`, the home's address of a game's listing before games had pages, now
 * lives: the game's page, with the search and filters of the link. Null while it is not known yet, and for an id
 * that names no game (the home then shows everything, as for any mangled link).
 */
export function useLegacyGameAddress(): string | null {
  const { gameId, subcategoryId, carried } = useCatalogueFilters();
  const games = useGames();
  const subcategories = useSubcategories(subcategoryId ? gameId : undefined);
  const game = gameId ? games.data?.find((candidate) => candidate.id === gameId) : undefined;
  if (!game) return null;
  const gamePath = `/games/${game.slug}`;
  if (!subcategoryId || subcategories.isError) return `${gamePath}${carried}`;
  if (!subcategories.data) return null;
  const subcategory = subcategories.data.find((candidate) => candidate.id === subcategoryId);
  return `${gamePath}${subcategory ? `/${subcategory.slug}` : ""}${carried}`;
}
