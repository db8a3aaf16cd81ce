import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { categoryListSchema, type Category } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { currentLanguage, type Language } from "@/shared/i18n/language";

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

type CategoryText = Pick<Category, "name" | "name_ru" | "description" | "description_ru">;

/** A category's name in `language`: the spec's single `name` is the English one, `name_ru` the Russian (issue 21). */
export function categoryName(category: CategoryText, language: Language): string {
  return language === "ru" ? category.name_ru : category.name;
}

export function categoryDescription(category: CategoryText, language: Language): string {
  return language === "ru" ? category.description_ru : category.description;
}

/** Every screen names categories through this, so the Russian interface shows «Аккаунты», not "Accounts". */
export function useCategoryText() {
  // Subscribed through react-i18next, so the names follow a change of language like every other text.
  useTranslation();
  const language = currentLanguage();
  return useMemo(
    () => ({
      name: (category: CategoryText) => categoryName(category, language),
      description: (category: CategoryText) => categoryDescription(category, language),
    }),
    [language],
  );
}
