import { api } from "@/shared/api/api";
import { pageParams, parseProductList, type CataloguePage } from "./catalogue-page";

/** GET /products/category/{id}: the active products of a subcategory, or of a game with all its subcategories. */
export async function getCategoryProducts(categoryId: string, page: number): Promise<CataloguePage> {
  const body = await api
    .get(`products/category/${encodeURIComponent(categoryId)}`, { searchParams: pageParams(page) })
    .json();
  return parseProductList(body, page);
}
