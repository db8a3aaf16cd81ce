import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { ChatListItem, ChatMessage, PresenceEvent } from "@lootlane/contract";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import { productsQueryKey } from "@/shared/catalog/products-query-key";
import { dealsQueryKey } from "@/shared/deals/deals-query-key";

/**
 * Chat data in the query cache. The keys and the pure updates live here, beside the socket, because both the
 * socket's events and the screens that fetch (the chats screen, the Message seller button) change the same entries.
 */
export const chatsQueryKey = ["chats"] as const;
export const chatListQueryKey = [...chatsQueryKey, "list"] as const;
export const chatMessagesQueryKey = (chatId: string) => [...chatsQueryKey, "messages", chatId] as const;
/** GET /products/get/chat/{chatId}: the chat's product with its latest deal. */
export const chatProductQueryKey = (chatId: string) => [...chatsQueryKey, "product", chatId] as const;

/** Pages of GET /chats/{id}/messages: the first page is the newest; each page is oldest first. */
export type ChatMessagePages = InfiniteData<ChatMessage[], string | undefined>;

function activityTime(chat: ChatListItem): number {
  return chat.last_message ? Date.parse(chat.last_message.created_at) : 0;
}

/** The list with `chat` replaced or added, newest activity first as the server orders it. */
export function upsertChat(list: ChatListItem[] | undefined, chat: ChatListItem): ChatListItem[] {
  const others = (list ?? []).filter((item) => item.id !== chat.id);
  return [chat, ...others].sort((a, b) => activityTime(b) - activityTime(a));
}

/** The list with one user's online state replaced in every chat with them. */
export function applyPresence(list: ChatListItem[], presence: PresenceEvent): ChatListItem[] {
  return list.map((chat) =>
    chat.another_user.username === presence.username
      ? {
          ...chat,
          another_user: { ...chat.another_user, is_online: presence.is_online, last_seen: presence.last_seen },
        }
      : chat,
  );
}

/** Every loaded message, oldest first, each once (pages fetched around a live message may overlap). */
export function messagesOf(data: { pages: ChatMessage[][] } | undefined): ChatMessage[] {
  const seen = new Set<string>();
  const messages: ChatMessage[] = [];
  for (const page of [...(data?.pages ?? [])].reverse()) {
    for (const message of page) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  return messages;
}

/** The pages with `message` added to the newest one, unless it is already there (SPEC §2: "unless already present"). */
export function appendMessage(data: ChatMessagePages | undefined, message: ChatMessage): ChatMessagePages | undefined {
  // Not loaded yet: the first fetch will bring it.
  if (!data) return data;
  if (data.pages.some((page) => page.some((item) => item.id === message.id))) return data;
  const [newest = [], ...older] = data.pages;
  return { ...data, pages: [[...newest, message], ...older] };
}

/**
 * Files a message that arrived live, or was acknowledged, into its chat's cached messages. A fetch of the chat
 * already under way may have read it before this message was written, and its answer replaces the cache, so
 * the message is filed again once that fetch has settled.
 */
export function addMessageToCache(queryClient: QueryClient, message: ChatMessage): void {
  const queryKey = chatMessagesQueryKey(message.chat_room_id);
  const append = () => queryClient.setQueryData<ChatMessagePages>(queryKey, (data) => appendMessage(data, message));
  append();
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query?.state.fetchStatus !== "fetching") return;
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === "removed") return stop();
    if (query.state.fetchStatus === "fetching") return;
    stop();
    append();
  });
}

/**
 * A deal in the chat moved (bought, confirmed, disputed, resolved). The product cards in its messages and the
 * chat's product show the deal as it was when fetched, the product's status decides the lists it is in, the
 * deal's status shows in the members' purchases and sales, and money moved between the members, so all of
 * these are fetched again.
 */
export async function refreshChatDeal(queryClient: QueryClient, chatId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: chatMessagesQueryKey(chatId) }),
    queryClient.invalidateQueries({ queryKey: chatProductQueryKey(chatId) }),
    queryClient.invalidateQueries({ queryKey: productsQueryKey }),
    queryClient.invalidateQueries({ queryKey: dealsQueryKey }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  ]);
}
