import { useInfiniteQuery } from "@tanstack/react-query";
import { CHAT_MESSAGES_PAGE_MAX, chatMessageListSchema, type ChatMessage } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { adminDealsQueryKey } from "@/shared/deals/admin-deals-query-key";

/**
 * GET /chats/{id}/messages as an admin reads a deal's chat: the newest page, or the page older than `before`,
 * oldest first. Admins may read any chat; their reading marks nothing as read.
 */
export async function getChatTranscript(chatId: string, before: string | undefined): Promise<ChatMessage[]> {
  const searchParams = new URLSearchParams({ limit: String(CHAT_MESSAGES_PAGE_MAX) });
  if (before) searchParams.set("before", before);
  return chatMessageListSchema.parse(
    await api.get(`chats/${encodeURIComponent(chatId)}/messages`, { searchParams }).json(),
  );
}

/** A deal's chat, read-only; pages are newest first, `fetchNextPage` loads earlier messages. */
export function useChatTranscript(chatId: string) {
  return useInfiniteQuery({
    // Under the admin deals key: resolving a dispute posts a message, and refreshes an open transcript with the list.
    queryKey: [...adminDealsQueryKey, "chat", chatId],
    queryFn: ({ pageParam }) => getChatTranscript(chatId, pageParam),
    initialPageParam: undefined as string | undefined,
    // A short page is the start of the chat; otherwise the next page ends just before this page's oldest message.
    getNextPageParam: (page) => (page.length < CHAT_MESSAGES_PAGE_MAX ? undefined : page[0]?.id),
  });
}
