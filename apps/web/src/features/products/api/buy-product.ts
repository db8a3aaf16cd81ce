import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_KEY_HEADER, purchaseResultSchema, type PurchaseResult } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { currentUserQueryKey, type CurrentUser } from "@/shared/auth/current-user";
import { productsQueryKey } from "@/shared/catalog/products-query-key";
import { dealsQueryKey } from "@/shared/deals/deals-query-key";
import { chatListQueryKey } from "@/shared/realtime/chat-cache";
import { toApiError } from "@/shared/api/api-error";
import { productQueryKey } from "./get-product";

export interface BuyProductInput {
  productId: string;
  /** The unit price the buyer was shown: the server refuses the buy (PRICE_CHANGED) when it is no longer the price. */
  price: number;
  /** Units to buy: one deal at price × quantity, refused (OUT_OF_STOCK) when fewer are left. */
  quantity: number;
  /** One per attempt to buy: the server answers a repeat with the first answer and takes the money once. */
  idempotencyKey: string;
}

/** POST /products/buy: pays into the deal's escrow; answers the deal, its chat and the balance left. */
export async function buyProduct({
  productId,
  price,
  quantity,
  idempotencyKey,
}: BuyProductInput): Promise<PurchaseResult> {
  const body = await api
    .post("products/buy", {
      json: { product_id: productId, price, quantity },
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    })
    .json();
  return purchaseResultSchema.parse(body);
}

/**
 * Buys a product. The balance shown everywhere drops at once, and the chat list (a new chat, or a new message in
 * the one with the seller) and the buyer's purchases are fetched again. Product reads are only marked stale: the buyer is leaving for the
 * chat, and refetching the product page first would swap the dialog for "sold" under them. When the price changed
 * since the buyer saw it, or fewer units are left than asked for, the product is fetched again, so the dialog shows
 * the new price or stock to decide on.
 */
export function useBuyProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyProduct,
    // The confirmation dialog shows the refusal.
    meta: { notifyError: false },
    onSuccess: ({ balance }) => {
      queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (user) => user && { ...user, balance });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: productsQueryKey, refetchType: "none" });
      void queryClient.invalidateQueries({ queryKey: chatListQueryKey });
      void queryClient.invalidateQueries({ queryKey: dealsQueryKey });
    },
    onError: (error, { productId }) => {
      const { code } = toApiError(error);
      if (code === "PRICE_CHANGED" || code === "OUT_OF_STOCK")
        void queryClient.invalidateQueries({ queryKey: productQueryKey(productId) });
    },
  });
}
