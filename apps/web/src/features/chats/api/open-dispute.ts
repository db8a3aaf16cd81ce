import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dealSchema, type Deal, type OpenDisputeRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { refreshChatDeal } from "@/shared/realtime/chat-cache";

export interface OpenDisputeInput extends OpenDisputeRequest {
  dealId: string;
}

/** POST /deals/{id}/dispute: the buyer reports a deal; its money stays in escrow until an admin resolves it. */
export async function openDispute({ dealId, reason, text }: OpenDisputeInput): Promise<Deal> {
  return dealSchema.parse(
    await api.post(`deals/${encodeURIComponent(dealId)}/dispute`, { json: { reason, text } }).json(),
  );
}

/** The buyer's Report in a chat; the card then shows the dispute as open. */
export function useOpenDispute(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openDispute,
    // The dispute dialog shows the refusal and keeps what was written.
    meta: { notifyError: false },
    onSuccess: () => refreshChatDeal(queryClient, chatId),
  });
}
