import { api } from "@/shared/api/api";
import type { CatalogueFilters } from "../lib/listing-filters";
import { listingParams, parseProductList, type CataloguePage, type PageCursor } from "./catalogue-page";

/** GET /products/category/{id}: the products on sale of a game with all its subcategories (or of one subcategory). */
export async function getCategoryProducts(
  categoryId: string,
  filters: CatalogueFilters,
  cursor: PageCursor,
): Promise<CataloguePage> {
  const body = await api
    .get(`products/category/${encodeURIComponent(categoryId)}`, { searchParams: listingParams(filters, cursor) })
    .json();
  return parseProductList(body, cursor);
}
