import { api } from "@/shared/api/api";
import type { CatalogueFilters } from "../lib/listing-filters";
import { listingParams, parseProductPage, type CataloguePage, type PageCursor } from "./catalogue-page";

/** GET /products/get/all: products on sale, newest first unless sorted otherwise, narrowed by the filters. */
export async function getProducts(filters: CatalogueFilters, cursor: PageCursor): Promise<CataloguePage> {
  return parseProductPage(await api.get("products/get/all", { searchParams: listingParams(filters, cursor) }).json());
}
