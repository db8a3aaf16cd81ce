import { useQuery } from "@tanstack/react-query";
import type { ChatListItem } from "@lootlane/contract";
import { useRealtimeConnected } from "@/shared/realtime/use-realtime-event";
import { chatListQueryOptions } from "../api/get-chats";

function totalUnread(chats: ChatListItem[]): number {
  return chats.reduce((sum, chat) => sum + chat.unread_count, 0);
}

/**
 * Unread messages over all the viewer's chats, for the Chats navigation item. Asked for only while the realtime
 * connection is up: `chat_updated` keeps it current from then on, and every reconnect refetches it.
 */
export function useUnreadChatsCount(): number {
  const connected = useRealtimeConnected();
  const { data } = useQuery({ ...chatListQueryOptions(), enabled: connected, select: totalUnread });
  return data ?? 0;
}
