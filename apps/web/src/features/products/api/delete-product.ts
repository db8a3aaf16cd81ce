import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/api";
import { productsQueryKey } from "@/shared/catalog/products-query-key";

/** DELETE /products/?product_id=: a soft delete; refused while the product is in an open deal. */
export async function deleteProduct(productId: string): Promise<void> {
  await api.delete("products/", { searchParams: { product_id: productId } });
}

/**
 * Deletes the owner's product. Every product list may hold it, so all are marked stale; none is refetched
 * here, because the product page still shows the product until it navigates away, and refetching it would
 * flash "not found" first.
 */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    // The confirmation dialog shows the error.
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey, refetchType: "none" }),
  });
}
