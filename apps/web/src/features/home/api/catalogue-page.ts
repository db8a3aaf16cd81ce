import { HOME_PAGE_SIZE, productListSchema, productPageSchema, type Product } from "@lootlane/contract";
import { filterParams, type CatalogueFilters } from "../lib/listing-filters";

/**
 * Where a page of a listing starts: its number, and after the first page the id of the last product shown, so the
 * server reads on from it by key (as cheap deep down as on page 1) instead of counting an offset.
 */
export interface PageCursor {
  page: number;
  after?: string;
}

/** One page of a catalogue listing, whichever endpoint it came from; `next` is null on the last one. */
export interface CataloguePage {
  products: Product[];
  next: PageCursor | null;
}

export const FIRST_PAGE: PageCursor = { page: 1 };

/** The query every catalogue listing takes: the visitor's sort and filters, and the page (SPEC §9: 30 per page). */
export function listingParams(filters: CatalogueFilters, { page, after }: PageCursor): Record<string, string | number> {
  return { ...filterParams(filters), page, per_page: HOME_PAGE_SIZE, ...(after ? { after } : {}) };
}

function nextAfter(products: Product[], page: number): PageCursor | null {
  const last = products.at(-1);
  return last ? { page: page + 1, after: last.id } : null;
}

/** An answer with totals (listing, search): the page count says where to stop. */
export function parseProductPage(body: unknown): CataloguePage {
  const { products, page, total_pages } = productPageSchema.parse(body);
  return { products, next: page < total_pages ? nextAfter(products, page) : null };
}

/**
 * A bare list (a category's products): a full page means there may be more, a shorter one is the end. An exact
 * multiple of the page size costs one extra request that comes back empty.
 */
export function parseProductList(body: unknown, { page }: PageCursor): CataloguePage {
  const products = productListSchema.parse(body);
  return { products, next: products.length >= HOME_PAGE_SIZE ? nextAfter(products, page) : null };
}
