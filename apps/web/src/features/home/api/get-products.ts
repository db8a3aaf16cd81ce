import { api } from "@/shared/api/api";
import { pageParams, parseProductPage, type CataloguePage } from "./catalogue-page";

/** GET /products/get/all: active products, newest first. */
export async function getProducts(page: number): Promise<CataloguePage> {
  return parseProductPage(await api.get("products/get/all", { searchParams: pageParams(page) }).json());
}
