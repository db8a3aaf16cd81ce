export type CatalogueScenario = { name: string; url: string };

/** A page 1,000 pages in: where offset paging gets expensive if an index does not carry the order. */
const DEEP_PAGE = 1000;

/** Searches a buyer would type: two words, a misspelt game name, and Russian. */
const searches = ["minecraft account", "Mincraft", "аккаунт valorant"];

/**
 * The catalogue rows of the bench, built from what the started server answers: the deep page is clamped to the
 * last page and the category row uses the first game listed, so the same code serves the small
 * demo catalogue and a generated 1,000,000-product one.
 */
export async function catalogueScenarios(baseUrl: string): Promise<{ description: string; scenarios: CatalogueScenario[] }> {
  const first = (await getJson(`${baseUrl}/v1/products/get/all?page=1&per_page=30`)) as { total: number; total_pages: number };
  const categories = (await getJson(`${baseUrl}/v1/categories/all`)) as { id: string; name: string; parent_id?: string | null }[];
  const game = categories.find((category) => !category.parent_id);
  const deepPage = Math.max(1, Math.min(DEEP_PAGE, first.total_pages));
  const scenarios: CatalogueScenario[] = [
    { name: "GET /v1/products/get/all page 1", url: `${baseUrl}/v1/products/get/all?page=1&per_page=30` },
    { name: `GET /v1/products/get/all page ${deepPage}`, url: `${baseUrl}/v1/products/get/all?page=${deepPage}&per_page=30` },
  ];
  if (game) scenarios.push({ name: `GET /v1/products/category/{${game.name}}`, url: `${baseUrl}/v1/products/category/${game.id}` });
  for (const q of searches) scenarios.push({ name: `GET /v1/products/search?q=${q}`, url: `${baseUrl}/v1/products/search?q=${encodeURIComponent(q)}` });
  // The listing counts at most LISTING_COUNT_CAP (products.service.ts), so a big catalogue shows as "at least".
  return { description: `${first.total} active products (the listing count is capped)`, scenarios };
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}
