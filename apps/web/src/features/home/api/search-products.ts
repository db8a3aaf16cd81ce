import { api } from "@/shared/api/api";
import type { CatalogueFilters } from "../lib/listing-filters";
import { listingParams, parseProductPage, type CataloguePage, type PageCursor } from "./catalogue-page";

/**
 * GET /products/search: the products matching the words of `query`, best match first unless sorted otherwise; a
 * game's id includes its subcategories.
 */
export async function searchProducts(
  query: string,
  categoryId: string | undefined,
  filters: CatalogueFilters,
  cursor: PageCursor,
): Promise<CataloguePage> {
  const searchParams = {
    q: query,
    ...(categoryId ? { category_id: categoryId } : {}),
    ...listingParams(filters, cursor),
  };
  return parseProductPage(await api.get("products/search", { searchParams }).json());
}
