import type { GamePage } from "@lootlane/contract";
import { presentCategory } from "../categories/categories.presenter.js";
import type { GamePageView } from "./products-games.service.js";

/** A game page as GET /games/{gameSlug} answers it, every viewer alike. */
export function presentGamePage({ category, productCount, subcategories }: GamePageView): GamePage {
  return {
    game: presentCategory(category),
    product_count: productCount,
    subcategories: subcategories.map((subcategory) => ({
      ...presentCategory(subcategory.category),
      product_count: subcategory.productCount,
    })),
  };
}
