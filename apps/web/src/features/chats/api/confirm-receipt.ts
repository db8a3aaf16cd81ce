import { useMutation, useQueryClient } from "@tanstack/react-query";
import { confirmReceiptResultSchema, type Deal } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { refreshChatDeal } from "@/shared/realtime/chat-cache";

/** PATCH /products/confirm-receipt: the buyer has the goods; the escrow goes to the seller and the deal completes. */
export async function confirmReceipt(productId: string): Promise<Deal> {
  return confirmReceiptResultSchema.parse(
    await api.patch("products/confirm-receipt", { json: { product_id: productId } }).json(),
  );
}

/** The buyer's Confirm Receipt in a chat; the card then shows the completed deal. */
export function useConfirmReceipt(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReceipt,
    // The confirmation dialog shows errorConfirm with the reason.
    meta: { notifyError: false },
    onSuccess: () => refreshChatDeal(queryClient, chatId),
  });
}
