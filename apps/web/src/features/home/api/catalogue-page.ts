import { HOME_PAGE_SIZE, productListSchema, productPageSchema, type Product } from "@lootlane/contract";

/** One page of the home catalogue, whichever endpoint it came from; `nextPage` is null on the last one. */
export interface CataloguePage {
  products: Product[];
  nextPage: number | null;
}

/** The paging query every product list takes (SPEC §9: 30 per page). */
export function pageParams(page: number) {
  return { page, per_page: HOME_PAGE_SIZE };
}

/** An answer with totals (listing, search): the page count says where to stop. */
export function parseProductPage(body: unknown): CataloguePage {
  const { products, page, total_pages } = productPageSchema.parse(body);
  return { products, nextPage: page < total_pages ? page + 1 : null };
}

/**
 * A bare list (a category's products): a full page means there may be more, a shorter one is the end. An exact
 * multiple of the page size costs one extra request that comes back empty.
 */
export function parseProductList(body: unknown, page: number): CataloguePage {
  const products = productListSchema.parse(body);
  return { products, nextPage: products.length >= HOME_PAGE_SIZE ? page + 1 : null };
}
