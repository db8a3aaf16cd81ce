import { queryOptions, useQuery } from "@tanstack/react-query";
import { chatListSchema, type ChatListItem } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { chatListQueryKey } from "@/shared/realtime/chat-cache";
import { parseChatData } from "../lib/chat-data-error";

/** GET /chats/: the viewer's chats, newest activity first, each with the other user's state and an unread count. */
export async function getChats(): Promise<ChatListItem[]> {
  return parseChatData(chatListSchema, await api.get("chats/").json(), "a chat list");
}

export function chatListQueryOptions() {
  return queryOptions({ queryKey: chatListQueryKey, queryFn: getChats });
}

/** The chat list of /chats; kept live by the realtime connection. */
export function useChats() {
  return useQuery(chatListQueryOptions());
}
