import { useQuery } from "@tanstack/react-query";
import { productsQueryKey } from "@/shared/catalog/products-query-key";
import { getGamePage } from "../api/get-game-page";

/** A game page's head: kept with the product reads, since its counts change whenever a listing does. */
export function useGamePage(gameSlug: string) {
  return useQuery({ queryKey: [...productsQueryKey, "game-page", gameSlug], queryFn: () => getGamePage(gameSlug) });
}
