import { keepPreviousData, useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import type { Product } from "@lootlane/contract";
import { productsQueryKey } from "@/shared/catalog/products-query-key";
import type { CataloguePage } from "../api/catalogue-page";
import { getCategoryProducts } from "../api/get-category-products";
import { getProducts } from "../api/get-products";
import { searchProducts } from "../api/search-products";

interface CatalogueSource {
  /** Trimmed; empty for the plain listing. */
  query: string;
  /** The subcategory if one is chosen, else the game. */
  categoryId: string | undefined;
}

function fetchPage({ query, categoryId }: CatalogueSource, page: number): Promise<CataloguePage> {
  if (query) return searchProducts(query, categoryId, page);
  if (categoryId) return getCategoryProducts(categoryId, page);
  return getProducts(page);
}

/**
 * The pages in order, each product once: a product listed while the visitor reads shifts the later pages by
 * one, so the next page can repeat the last card of the previous one.
 */
function uniqueProducts(data: InfiniteData<CataloguePage>): Product[] {
  const seen = new Set<string>();
  return data.pages.flatMap((page) =>
    page.products.filter((product) => {
      if (seen.has(product.id)) return false;
      seen.add(product.id);
      return true;
    }),
  );
}

/** The home catalogue, 30 products at a time (SPEC §2 Home): search, one category, or everything. */
export function useCatalogue(source: CatalogueSource) {
  return useInfiniteQuery({
    queryKey: [...productsQueryKey, "catalogue", source],
    queryFn: ({ pageParam }) => fetchPage(source, pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage) => lastPage.nextPage,
    select: uniqueProducts,
    // While a new search or filter loads, the previous cards stay (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}
