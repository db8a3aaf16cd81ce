import type { QueryClient } from "@tanstack/react-query";
import {
  NOTIFICATION_EVENT,
  NOTIFICATIONS_READ_EVENT,
  type Notification,
  type NotificationPushed,
  type UnreadCount,
} from "@lootlane/contract";
import type { RealtimeConnection } from "@/shared/realtime/realtime-client";
import { isChatOpen } from "@/shared/realtime/open-chats";
import { markNotificationsRead } from "./mark-notifications-read";
import {
  notificationListQueryKey,
  notificationsQueryKey,
  prependNotification,
  setUnreadCount,
  type NotificationPages,
} from "./notifications-cache";

/** A message in a chat the user has on screen: they are reading it as it arrives. */
function isAboutOpenChat(notification: Notification): boolean {
  return notification.event === "chat_message" && !notification.read && isChatOpen(notification.params.chat_id);
}

/**
 * Keeps the bell current from the socket: `notification` puts the item at the top of a loaded list and sets the
 * count, `notifications_read` (a read in another tab, or the chat screen reading a chat) sets the count and fetches
 * the list again where it is on screen. A notification about a chat the user is looking at is read at once, so the
 * bell neither counts nor keeps it. Events sent while the connection was down are lost: a reconnect refetches.
 */
export function syncNotificationsCache(connection: RealtimeConnection, queryClient: QueryClient): () => void {
  const { socket } = connection;
  let connectedBefore = socket.connected;
  const onConnect = () => {
    if (connectedBefore) void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    connectedBefore = true;
  };
  const onNotification = ({ notification, unread_count }: NotificationPushed) => {
    const seen = isAboutOpenChat(notification);
    const shown = seen ? { ...notification, read: true } : notification;
    // Only a loaded list is updated: a list nobody has fetched would otherwise hold this one item and look complete.
    queryClient.setQueryData<NotificationPages>(
      notificationListQueryKey,
      (data) => data && prependNotification(data, shown),
    );
    setUnreadCount(queryClient, seen ? Math.max(0, unread_count - 1) : unread_count);
    // A failed read refetches the bell (markNotificationsRead); the chat screen also reads the chat on the server.
    if (seen) markNotificationsRead(queryClient, { ids: [notification.id] }).catch(() => undefined);
  };
  const onRead = ({ unread_count }: UnreadCount) => {
    setUnreadCount(queryClient, unread_count);
    void queryClient.invalidateQueries({ queryKey: notificationListQueryKey });
  };

  socket.on("connect", onConnect);
  socket.on(NOTIFICATION_EVENT, onNotification);
  socket.on(NOTIFICATIONS_READ_EVENT, onRead);
  return () => {
    socket.off("connect", onConnect);
    socket.off(NOTIFICATION_EVENT, onNotification);
    socket.off(NOTIFICATIONS_READ_EVENT, onRead);
  };
}
