import { HOME_PAGE_SIZE, MAX_PAGE_SIZE, type Category, type ProductPage } from "@lootlane/contract";
import type { HttpRequest } from "./http-scenario.js";

export type HttpScenario = { name: string; request: HttpRequest };

/** The catalogue rows, by the goal each one answers to. */
export type CatalogueScenarios = {
  description: string;
  listing: HttpScenario;
  deepListing: HttpScenario;
  sortedListing: HttpScenario;
  deepSortedListing: HttpScenario;
  category: HttpScenario;
  product: HttpScenario;
  commonSearch: HttpScenario;
  rareSearch: HttpScenario;
};

/** A page 1,000 pages in: where offset paging gets expensive if an index does not carry the order. */
const DEEP_PAGE = 1000;

/**
 * A sorted and filtered listing (issue 21): cheapest first, between 100 and 5,000 ₽ (about half of the generated
 * prices, src/seed/listings.ts), delivered at payment. Its page 1,000 is read as "load more" reads it, by key after
 * the last product of page 999.
 */
const SORTED_QUERY = "sort=price_asc&min_price=100&max_price=5000&delivery=auto";
const SORTED_LABEL = "cheapest first, 100–5,000 ₽, auto delivery";

/**
 * Words of bench/src/seed/vocabulary.ts that the demo catalogue has too: "account" is in every English accounts
 * listing, "arcana" is one of eight English item nouns, so the first matches a large share of the catalogue and
 * the second about one listing in a hundred.
 */
export const COMMON_WORD = "account";
export const RARE_WORD = "arcana";

/**
 * The catalogue rows of the bench, built from what the started server answers: the deep page is clamped to the
 * last page, the category row uses the first game listed and the product row the newest active product, so the
 * same code serves the small demo catalogue and a generated 1,000,000-product one.
 */
export async function catalogueScenarios(baseUrl: string): Promise<CatalogueScenarios> {
  const first = (await getJson(`${baseUrl}/v1/products/get/all?page=1&per_page=30`)) as ProductPage;
  const categories = (await getJson(`${baseUrl}/v1/categories/all`)) as Category[];
  const game = categories.find((category) => !category.parent_id);
  const product = first.products[0];
  if (!game || !product) throw new Error("the catalogue has no game or no active product to bench");
  const deepPage = Math.max(1, Math.min(DEEP_PAGE, first.total_pages));
  const get = (name: string, path: string): HttpScenario => ({ name, request: { url: `${baseUrl}${path}` } });
  const sorted = `/v1/products/get/all?${SORTED_QUERY}&per_page=${HOME_PAGE_SIZE}`;
  const deepSorted = await deepStart(baseUrl, SORTED_QUERY);
  return {
    // The listing counts at most LISTING_COUNT_CAP (products.service.ts), so a big catalogue shows as "at least".
    description: `${first.total} active products (the listing count is capped)`,
    listing: get("home listing, page 1", "/v1/products/get/all?page=1&per_page=30"),
    deepListing: get(`home listing, page ${deepPage}`, `/v1/products/get/all?page=${deepPage}&per_page=30`),
    sortedListing: get(`sorted listing (${SORTED_LABEL}), page 1`, `${sorted}&page=1`),
    deepSortedListing: get(
      `sorted listing (${SORTED_LABEL}), page ${deepSorted.page}`,
      `${sorted}&page=${deepSorted.page}${deepSorted.after === undefined ? "" : `&after=${deepSorted.after}`}`,
    ),
    category: get(`category listing (${game.name})`, `/v1/products/category/${game.id}`),
    product: get("product page", `/v1/products/${product.id}`),
    commonSearch: get(
      `search, common word "${COMMON_WORD}"`,
      `/v1/products/search?q=${encodeURIComponent(COMMON_WORD)}`,
    ),
    rareSearch: get(`search, rare word "${RARE_WORD}"`, `/v1/products/search?q=${encodeURIComponent(RARE_WORD)}`),
  };
}

/**
 * Where page DEEP_PAGE of a home listing starts: walked by key, a page of MAX_PAGE_SIZE at a time, to the product
 * after which it begins. A listing too short for it gives its last page instead (the count is capped, so it
 * cannot say how long the listing is).
 */
async function deepStart(baseUrl: string, query: string): Promise<{ page: number; after: string | undefined }> {
  const before = (DEEP_PAGE - 1) * HOME_PAGE_SIZE;
  const ids: string[] = [];
  // One product past the pages before, so the deep page is known to hold something.
  while (ids.length <= before) {
    const after = ids.length === 0 ? "" : `&after=${ids.at(-1)}`;
    const page = (await getJson(
      `${baseUrl}/v1/products/get/all?${query}&per_page=${MAX_PAGE_SIZE}${after}`,
    )) as ProductPage;
    ids.push(...page.products.map((product) => product.id));
    if (page.products.length < MAX_PAGE_SIZE) break;
  }
  const page = Math.max(1, Math.min(DEEP_PAGE, Math.ceil(ids.length / HOME_PAGE_SIZE)));
  return { page, after: page === 1 ? undefined : ids[(page - 1) * HOME_PAGE_SIZE - 1] };
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}
