import { queryOptions, useQuery } from "@tanstack/react-query";
import { productWithSellerStatsSchema, type ProductWithSellerStats } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { productsQueryKey } from "@/shared/catalog/products-query-key";

export const productQueryKey = (productId: string) => [...productsQueryKey, "detail", productId] as const;

/**
 * GET /products/{id}: the product with its seller's stats; the goods only for its seller and admins, `null` for
 * everyone else.
 */
export async function getProduct(productId: string): Promise<ProductWithSellerStats> {
  return productWithSellerStatsSchema.parse(await api.get(`products/${encodeURIComponent(productId)}`).json());
}

export function productQueryOptions(productId: string) {
  return queryOptions({ queryKey: productQueryKey(productId), queryFn: () => getProduct(productId) });
}

/** The product at /product/{productId} and /product/edit/{id}. */
export function useProduct(productId: string) {
  return useQuery(productQueryOptions(productId));
}
