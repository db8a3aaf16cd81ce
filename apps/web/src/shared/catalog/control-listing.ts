import { useMutation, useQueryClient } from "@tanstack/react-query";
import { productDetailSchema, type ProductDetail, type RelistProductBody } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { productsQueryKey } from "./products-query-key";

export type ListingChange =
  | { productId: string; action: "pause" | "resume" }
  | { productId: string; action: "relist"; request: RelistProductBody };

/**
 * POST /products/{id}/pause | resume | relist (issue 19): the seller takes an own listing off sale for now, puts it
 * back, or relists it when sold out. Answers the listing as it now is.
 */
export async function changeListing(change: ListingChange): Promise<ProductDetail> {
  const path = `products/${encodeURIComponent(change.productId)}/${change.action}`;
  const answer = change.action === "relist" ? api.post(path, { json: change.request }) : api.post(path);
  return productDetailSchema.parse(await answer.json());
}

/**
 * The seller's pause, resume or relist. Which lists show the listing depends on its status, so every product read
 * is refreshed (the page the seller is on first).
 */
export function useChangeListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeListing,
    // The control says what went wrong itself, in words that fit the action.
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
