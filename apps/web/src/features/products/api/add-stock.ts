import { useMutation, useQueryClient } from "@tanstack/react-query";
import { addStockResultSchema, type AddStockResult } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { productsQueryKey } from "@/shared/catalog/products-query-key";

export interface AddStockInput {
  productId: string;
  /** The units one per line, as the seller pasted them. */
  text: string;
}

/** POST /products/{id}/stock: adds every unit or none; a refused list names its lines. */
export async function addStock({ productId, text }: AddStockInput): Promise<AddStockResult> {
  const body = await api
    .post(`products/${encodeURIComponent(productId)}/stock`, { json: { stock_items: text } })
    .json();
  return addStockResultSchema.parse(body);
}

/**
 * Adds units to the seller's listing. The count in stock shows on every card and list of the listing (and a
 * sold-out listing goes back on sale), so every product read is stale, the stock pages among them.
 */
export function useAddStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStock,
    // The stock screen shows the refusal at the box of units.
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
