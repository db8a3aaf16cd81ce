import { keepPreviousData, useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import type { Product } from "@lootlane/contract";
import { productsQueryKey } from "@/shared/catalog/products-query-key";
import { FIRST_PAGE, type CataloguePage, type PageCursor } from "../api/catalogue-page";
import { getCategoryProducts } from "../api/get-category-products";
import { getProducts } from "../api/get-products";
import { getSubcategoryProducts } from "../api/get-subcategory-products";
import { searchProducts } from "../api/search-products";
import type { CatalogueFilters } from "../lib/listing-filters";

/** Which products a listing is drawn from: everything on sale, one game, or one kind of goods of a game. */
export type CatalogueScope =
  | { kind: "all" }
  | { kind: "game"; gameId: string }
  | { kind: "subcategory"; gameSlug: string; subcategorySlug: string; subcategoryId: string };

export interface CatalogueSource {
  /** Trimmed; empty for the plain listing. */
  query: string;
  scope: CatalogueScope;
  filters: CatalogueFilters;
}

function scopeCategoryId(scope: CatalogueScope): string | undefined {
  if (scope.kind === "game") return scope.gameId;
  return scope.kind === "subcategory" ? scope.subcategoryId : undefined;
}

function fetchPage({ query, scope, filters }: CatalogueSource, cursor: PageCursor): Promise<CataloguePage> {
  if (query) return searchProducts(query, scopeCategoryId(scope), filters, cursor);
  if (scope.kind === "game") return getCategoryProducts(scope.gameId, filters, cursor);
  if (scope.kind === "subcategory") {
    return getSubcategoryProducts(scope.gameSlug, scope.subcategorySlug, filters, cursor);
  }
  return getProducts(filters, cursor);
}

/**
 * The pages in order, each product once: where the server cannot read on by key from `after` it counts an offset,
 * and a product listed while the visitor reads then shifts the later pages by one.
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

/** A catalogue listing, 30 products at a time (SPEC §2 Home): a search, a game, a kind of goods, or everything. */
export function useCatalogue(source: CatalogueSource) {
  return useInfiniteQuery({
    queryKey: [...productsQueryKey, "catalogue", source],
    queryFn: ({ pageParam }) => fetchPage(source, pageParam),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage) => lastPage.next,
    select: uniqueProducts,
    // While a new search or filter loads, the previous cards stay (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}
