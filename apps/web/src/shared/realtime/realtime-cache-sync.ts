import type { QueryClient } from "@tanstack/react-query";
import { chatEvents, type ChatListItem, type ChatMessage } from "@lootlane/contract";
import {
  addMessageToCache,
  applyPresence,
  chatListQueryKey,
  chatsQueryKey,
  refreshChatDeal,
  upsertChat,
} from "./chat-cache";
import type { RealtimeConnection } from "./realtime-client";

/**
 * Keeps the cached chats current from the socket: the list (and so every unread badge) from `chat_updated` and
 * `presence`, open conversations from `new_message`. A purchase card or a system message means the chat's deal
 * moved, so what shows the deal (and the balance) is fetched again. Events sent while the connection was down
 * are lost, so every reconnect refetches what is cached.
 */
export function syncChatCache(connection: RealtimeConnection, queryClient: QueryClient): () => void {
  const { socket } = connection;
  let connectedBefore = socket.connected;
  const onConnect = () => {
    if (connectedBefore) void queryClient.invalidateQueries({ queryKey: chatsQueryKey });
    connectedBefore = true;
  };
  const onChatUpdated = (chat: ChatListItem) => {
    // Only a loaded list is updated: a list nobody has fetched would otherwise hold this one chat and look complete.
    if (queryClient.getQueryData(chatListQueryKey))
      queryClient.setQueryData<ChatListItem[]>(chatListQueryKey, (list) => upsertChat(list, chat));
  };
  const onNewMessage = (message: ChatMessage) => {
    addMessageToCache(queryClient, message);
    if (message.message_type !== "text") void refreshChatDeal(queryClient, message.chat_room_id);
  };
  const onPresence = (presence: Parameters<typeof applyPresence>[1]) =>
    queryClient.setQueryData<ChatListItem[]>(chatListQueryKey, (list) => list && applyPresence(list, presence));

  socket.on("connect", onConnect);
  socket.on(chatEvents.chatUpdated, onChatUpdated);
  socket.on(chatEvents.newMessage, onNewMessage);
  socket.on(chatEvents.presence, onPresence);
  return () => {
    socket.off("connect", onConnect);
    socket.off(chatEvents.chatUpdated, onChatUpdated);
    socket.off(chatEvents.newMessage, onNewMessage);
    socket.off(chatEvents.presence, onPresence);
  };
}
