import { useInfiniteQuery } from "@tanstack/react-query";
import { HOME_PAGE_SIZE, productListSchema, type Product, type SellerProductsShelf } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { productsQueryKey } from "@/shared/catalog/products-query-key";

/**
 * Under the products root, so creating, editing or deleting any product refreshes these lists too. The viewer is
 * part of the key because the answer depends on who asks: the owner gets every status, others active and sold.
 */
export const userProductsQueryKey = (username: string, viewer: string | null, shelf: SellerProductsShelf | undefined) =>
  [...productsQueryKey, "by-username", username, { viewer, shelf: shelf ?? "all" }] as const;

/**
 * GET /products/user/by-username/{username}: one page of the seller's products, newest first, as many as the
 * viewer may see; `shelf` keeps those on sale or those sold.
 */
export async function getUserProducts(
  username: string,
  shelf: SellerProductsShelf | undefined,
  page: number,
): Promise<Product[]> {
  const searchParams = { page, per_page: HOME_PAGE_SIZE, ...(shelf ? { shelf } : {}) };
  const body = await api.get(`products/user/by-username/${encodeURIComponent(username)}`, { searchParams }).json();
  return productListSchema.parse(body);
}

/** A profile's products a page at a time; `viewer` is the signed-in user's name, null for a guest. */
export function useUserProducts(username: string, viewer: string | null, shelf: SellerProductsShelf | undefined) {
  return useInfiniteQuery({
    queryKey: userProductsQueryKey(username, viewer, shelf),
    queryFn: ({ pageParam }) => getUserProducts(username, shelf, pageParam),
    initialPageParam: 1,
    // A full page means there may be more.
    getNextPageParam: (lastPage, pages) => (lastPage.length === HOME_PAGE_SIZE ? pages.length + 1 : undefined),
    select: (data) => data.pages.flat(),
  });
}
