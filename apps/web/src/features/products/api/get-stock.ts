import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { stockPageSchema, type StockPage, type StockUnitState } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { productsQueryKey } from "@/shared/catalog/products-query-key";

/** Units per page of the seller's stock screen. */
export const STOCK_PAGE_SIZE = 20;

/** Under the products root: a purchase or an edit that changes the listing marks its stock stale too. */
export const stockQueryKey = (productId: string) => [...productsQueryKey, "stock", productId] as const;

/** GET /products/{id}/stock: one page of the listing's units (or of one state), oldest first, with the counts. */
export async function getStock(productId: string, state: StockUnitState | null, page: number): Promise<StockPage> {
  const searchParams: Record<string, string | number> = { page, per_page: STOCK_PAGE_SIZE };
  if (state) searchParams.state = state;
  return stockPageSchema.parse(
    await api.get(`products/${encodeURIComponent(productId)}/stock`, { searchParams }).json(),
  );
}

/** One page of a listing's stock; the previous page stays on screen while the next one loads. */
export function useStock(productId: string, state: StockUnitState | null, page: number) {
  return useQuery({
    queryKey: [...stockQueryKey(productId), state, page],
    queryFn: () => getStock(productId, state, page),
    placeholderData: keepPreviousData,
  });
}
