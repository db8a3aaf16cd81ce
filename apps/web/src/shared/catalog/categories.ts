import { useQuery } from "@tanstack/react-query";
import { categoryListSchema, type Category } from "@lootlane/contract";
import { api } from "@/shared/api/api";

export const categoriesQueryKey = ["categories"] as const;
export const gamesQueryKey = [...categoriesQueryKey, "games"] as const;
export const subcategoriesQueryKey = (gameId: string) => [...categoriesQueryKey, "game", gameId] as const;

/** GET /categories/all, narrowed to the games: a game is a category without a parent (ARCHITECTURE §4). */
export async function getGames(): Promise<Category[]> {
  const categories = categoryListSchema.parse(await api.get("categories/all").json());
  return categories.filter((category) => category.parent_id === undefined);
}

/** GET /categories/game/{gameId}: the kinds of goods sold for one game. */
export async function getSubcategories(gameId: string): Promise<Category[]> {
  return categoryListSchema.parse(await api.get(`categories/game/${encodeURIComponent(gameId)}`).json());
}

// Categories change only when an admin adds one, so a page keeps the list it loaded for a while.
const CATEGORIES_STALE_MS = 5 * 60_000;

export function useGames() {
  return useQuery({ queryKey: gamesQueryKey, queryFn: getGames, staleTime: CATEGORIES_STALE_MS });
}

/** The game's subcategories; idle until a game is chosen. */
export function useSubcategories(gameId: string | undefined) {
  return useQuery({
    queryKey: subcategoriesQueryKey(gameId ?? ""),
    queryFn: () => getSubcategories(gameId ?? ""),
    enabled: gameId !== undefined,
    staleTime: CATEGORIES_STALE_MS,
  });
}
