import { api } from "@/shared/api/api";
import { pageParams, parseProductPage, type CataloguePage } from "./catalogue-page";

/** GET /products/search: best matches first for the words of `query`; a game's id includes its subcategories. */
export async function searchProducts(
  query: string,
  categoryId: string | undefined,
  page: number,
): Promise<CataloguePage> {
  const searchParams = { q: query, ...(categoryId ? { category_id: categoryId } : {}), ...pageParams(page) };
  return parseProductPage(await api.get("products/search", { searchParams }).json());
}
