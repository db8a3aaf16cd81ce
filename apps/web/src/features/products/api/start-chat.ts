import { useMutation, useQueryClient } from "@tanstack/react-query";
import { chatListItemSchema, type ChatListItem } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { chatListQueryKey, upsertChat } from "@/shared/realtime/chat-cache";

/** POST /chats/: the chat of this product and the signed-in buyer, created on first use. */
export async function startChat(productId: string): Promise<ChatListItem> {
  return chatListItemSchema.parse(await api.post("chats/", { json: { product_id: productId } }).json());
}

/**
 * The product page's Message seller. The chat goes into a loaded chat list at once, so the chats screen
 * finds it there instead of dropping the selection as unknown.
 */
export function useStartChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startChat,
    onSuccess: (chat) => {
      if (queryClient.getQueryData(chatListQueryKey))
        queryClient.setQueryData<ChatListItem[]>(chatListQueryKey, (list) => upsertChat(list, chat));
    },
  });
}
