import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { notificationPageSchema, type NotificationPage } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { notificationListQueryKey, setUnreadCount } from "@/shared/notifications/notifications-cache";

/** Notifications per page and per "Load more". */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /notifications: one page, newest first; `before` is the previous page's `next_cursor`. */
export async function getNotifications(before: string | undefined): Promise<NotificationPage> {
  const searchParams = { limit: NOTIFICATIONS_PAGE_SIZE, ...(before ? { before } : {}) };
  return notificationPageSchema.parse(await api.get("notifications", { searchParams }).json());
}

/** The bell's list, page after page as the user asks for more; every page also brings the bell's count. */
export function useNotifications() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationListQueryKey,
    queryFn: async ({ pageParam }) => {
      const page = await getNotifications(pageParam);
      setUnreadCount(queryClient, page.unread_count);
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
