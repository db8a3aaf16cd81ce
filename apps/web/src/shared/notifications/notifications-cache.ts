import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { Notification, NotificationPage, UnreadCount } from "@lootlane/contract";

/**
 * The bell's data in the query cache. The keys and the pure updates live here, beside the socket's sync, because
 * both the socket's events and the screens (the bell, its list, the chats screen) change the same entries.
 */
export const notificationsQueryKey = ["notifications"] as const;
export const notificationListQueryKey = [...notificationsQueryKey, "list"] as const;
export const unreadNotificationsQueryKey = [...notificationsQueryKey, "unread-count"] as const;

/** Pages of GET /notifications, newest first; a page's param is the previous page's `next_cursor`. */
export type NotificationPages = InfiniteData<NotificationPage, string | undefined>;

/** Which notifications a read covers: some by id, or all of them. */
export type ReadTarget = { ids: string[] } | { all: true };

/**
 * The pages with `notification` at the very top. A chat's row comes again each time a message adds to it (same
 * id, a higher count, the latest text), so an earlier copy of it is taken out wherever it was.
 */
export function prependNotification(data: NotificationPages, notification: Notification): NotificationPages {
  const pages = data.pages.map((page) => ({
    ...page,
    notifications: page.notifications.filter((item) => item.id !== notification.id),
  }));
  const [first, ...rest] = pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, notifications: [notification, ...first.notifications] }, ...rest] };
}

/** The pages with the notifications a read covers shown as read. */
export function markPagesRead(data: NotificationPages, target: ReadTarget): NotificationPages {
  const covers = (item: Notification) => "all" in target || target.ids.includes(item.id);
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      notifications: page.notifications.map((item) => (!item.read && covers(item) ? { ...item, read: true } : item)),
    })),
  };
}

export function setUnreadCount(queryClient: QueryClient, unreadCount: number): void {
  queryClient.setQueryData<UnreadCount>(unreadNotificationsQueryKey, { unread_count: unreadCount });
}

/** Files a read into the cache: the loaded list shows the items read, the bell the server's count. */
export function applyRead(queryClient: QueryClient, target: ReadTarget, unreadCount?: number): void {
  queryClient.setQueryData<NotificationPages>(notificationListQueryKey, (data) => data && markPagesRead(data, target));
  if (unreadCount !== undefined) setUnreadCount(queryClient, unreadCount);
}
