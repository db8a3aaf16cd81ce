import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { CHAT_MESSAGES_PAGE_SIZE, chatMessageListSchema, type ChatMessage } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { chatMessagesQueryKey } from "@/shared/realtime/chat-cache";
import { parseChatData } from "../lib/chat-data-error";

/**
 * GET /chats/{id}/messages: the newest page, or the page older than the message `before`; oldest first.
 * Reading marks the viewer's received messages read on the server.
 */
export async function getChatMessages(chatId: string, before: string | undefined): Promise<ChatMessage[]> {
  const searchParams = new URLSearchParams({ limit: String(CHAT_MESSAGES_PAGE_SIZE) });
  if (before) searchParams.set("before", before);
  const body = await api.get(`chats/${encodeURIComponent(chatId)}/messages`, { searchParams }).json();
  return parseChatData(chatMessageListSchema, body, "a message list");
}

export function chatMessagesQueryOptions(chatId: string) {
  return infiniteQueryOptions({
    queryKey: chatMessagesQueryKey(chatId),
    queryFn: ({ pageParam }) => getChatMessages(chatId, pageParam),
    initialPageParam: undefined as string | undefined,
    // A short page is the start of the chat; otherwise the next page ends just before this page's oldest message.
    getNextPageParam: (page) => (page.length < CHAT_MESSAGES_PAGE_SIZE ? undefined : page[0]?.id),
  });
}

/** One chat's messages, newest page first; `fetchNextPage` loads older ones. */
export function useChatMessages(chatId: string) {
  return useInfiniteQuery(chatMessagesQueryOptions(chatId));
}
