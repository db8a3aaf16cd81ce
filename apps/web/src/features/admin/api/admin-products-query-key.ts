import type { ProductStatus } from "@lootlane/contract";

/**
 * Query keys of the admin products list. Everything sits under `adminProductsQueryKey`, so a moderation
 * decision refreshes every filter and page at once.
 */
export const adminProductsQueryKey = ["admin", "products"] as const;

export const adminProductListQueryKey = (status: ProductStatus | null, page: number) =>
  [...adminProductsQueryKey, "list", { status, page }] as const;
