import { useMutation, useQueryClient } from "@tanstack/react-query";
import { removeStockResultSchema, type RemoveStockResult } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { productsQueryKey } from "@/shared/catalog/products-query-key";

export interface RemoveStockUnitInput {
  productId: string;
  unitId: string;
}

/** DELETE /products/{id}/stock/{unitId}: takes an unsold unit off sale; a sold one is refused. Answers what is left. */
export async function removeStockUnit({ productId, unitId }: RemoveStockUnitInput): Promise<RemoveStockResult> {
  const body = await api.delete(`products/${encodeURIComponent(productId)}/stock/${encodeURIComponent(unitId)}`).json();
  return removeStockResultSchema.parse(body);
}

/** Removes an unsold unit. The count in stock changes wherever the listing shows, so every product read is stale. */
export function useRemoveStockUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeStockUnit,
    // The confirmation dialog shows the refusal.
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
