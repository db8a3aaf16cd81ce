import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { productPageSchema, type ProductPage, type ProductStatus } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { adminProductListQueryKey } from "./admin-products-query-key";

/** Products per page of the admin list (SPEC §9 leaves the admin page size open). */
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;

/** GET /admin/products: one page of every product (or of one status), with the goods. */
export async function getAdminProducts(status: ProductStatus | null, page: number): Promise<ProductPage> {
  const searchParams: Record<string, string | number> = { page, per_page: ADMIN_PRODUCTS_PAGE_SIZE };
  if (status) searchParams.status = status;
  return productPageSchema.parse(await api.get("admin/products", { searchParams }).json());
}

/** One page of the admin products list; the previous page stays on screen while the next one loads. */
export function useAdminProducts(status: ProductStatus | null, page: number) {
  return useQuery({
    queryKey: adminProductListQueryKey(status, page),
    queryFn: () => getAdminProducts(status, page),
    placeholderData: keepPreviousData,
  });
}
