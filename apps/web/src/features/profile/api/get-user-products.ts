import { queryOptions, useQuery } from "@tanstack/react-query";
import { productListSchema, type Product } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { productsQueryKey } from "@/shared/catalog/products-query-key";

/**
 * Under the products root, so creating, editing or deleting any product refreshes these lists too. The viewer is
 * part of the key because the answer depends on who asks: the owner gets every status, others active and sold.
 */
export const userProductsQueryKey = (username: string, viewer: string | null) =>
  [...productsQueryKey, "by-username", username, { viewer }] as const;

/** GET /products/user/by-username/{username}: the seller's products, as many as the viewer may see. */
export async function getUserProducts(username: string): Promise<Product[]> {
  return productListSchema.parse(await api.get(`products/user/by-username/${encodeURIComponent(username)}`).json());
}

/** A profile's products; `viewer` is the signed-in user's name, null for a guest. */
export function useUserProducts(username: string, viewer: string | null) {
  return useQuery(
    queryOptions({
      queryKey: userProductsQueryKey(username, viewer),
      queryFn: () => getUserProducts(username),
    }),
  );
}
