import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products, type Category as CategoryRow } from "../../db/schema/catalog.js";
import { findGameWithSubcategories } from "../categories/categories.service.js";
import { onSale } from "./products-listing.filters.js";
import { cappedCount } from "./products-paging.service.js";

/** A category with how many products are on sale in it, up to LISTING_COUNT_CAP. */
export type CountedCategory = { category: CategoryRow; productCount: number };

/** What a game's page shows above its listing: the game and its total, and each kind of goods with its own. */
export type GamePageView = CountedCategory & { subcategories: CountedCategory[] };

/**
 * GET /games/{gameSlug}: the game with how many products are on sale in it (its own and its subcategories':
 * products.game_id), and each subcategory with its own count. A product filed under the game itself counts in the
 * total and in no tab, and one under a hidden kind of goods in neither. Each count walks one on-sale index and stops at the cap, so a game of a million listings
 * costs what one of ten thousand does.
 */
export async function getGamePage(db: Db, gameSlug: string): Promise<GamePageView> {
  const [{ game, subcategories }, visible] = await Promise.all([findGameWithSubcategories(db, gameSlug), onSale(db)]);
  const [productCount, ...subcategoryCounts] = await Promise.all([
    cappedCount(db, and(visible, eq(products.gameId, game.id))!),
    ...subcategories.map((subcategory) => cappedCount(db, and(visible, eq(products.categoryId, subcategory.id))!)),
  ]);
  return {
    category: game,
    productCount: productCount!,
    subcategories: subcategories.map((category, index) => ({ category, productCount: subcategoryCounts[index]! })),
  };
}
