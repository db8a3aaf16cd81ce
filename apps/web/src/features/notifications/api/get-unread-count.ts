import { useQuery } from "@tanstack/react-query";
import { unreadCountSchema, type UnreadCount } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { unreadNotificationsQueryKey } from "@/shared/notifications/notifications-cache";
import { useRealtimeConnected } from "@/shared/realtime/use-realtime-event";

/** GET /notifications/unread-count. */
export async function getUnreadCount(): Promise<UnreadCount> {
  return unreadCountSchema.parse(await api.get("notifications/unread-count").json());
}

/**
 * The bell's number. Asked for only while the realtime connection is up: its events keep the number current from
 * then on, and every reconnect asks again (the Chats badge works the same way).
 */
export function useUnreadNotificationsCount(): number {
  const connected = useRealtimeConnected();
  const { data } = useQuery({
    queryKey: unreadNotificationsQueryKey,
    queryFn: getUnreadCount,
    enabled: connected,
    select: (answer) => answer.unread_count,
  });
  return data ?? 0;
}
