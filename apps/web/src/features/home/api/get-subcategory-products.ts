import { api } from "@/shared/api/api";
import type { CatalogueFilters } from "../lib/listing-filters";
import { listingParams, parseProductList, type CataloguePage, type PageCursor } from "./catalogue-page";

/** GET /products/{gameSlug}/{subcategorySlug}: the products on sale of one kind of goods, named as its page is. */
export async function getSubcategoryProducts(
  gameSlug: string,
  subcategorySlug: string,
  filters: CatalogueFilters,
  cursor: PageCursor,
): Promise<CataloguePage> {
  const path = `products/${encodeURIComponent(gameSlug)}/${encodeURIComponent(subcategorySlug)}`;
  return parseProductList(await api.get(path, { searchParams: listingParams(filters, cursor) }).json(), cursor);
}
