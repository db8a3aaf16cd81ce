import type { QueryClient } from "@tanstack/react-query";
import { unreadCountSchema, type MarkNotificationsRead } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { applyRead, notificationsQueryKey } from "./notifications-cache";

/**
 * POST /notifications/read, filed into the cache: the items show read at once and the bell the server's count
 * when it answers; if the read fails, the bell and its list are fetched again rather than left showing it done.
 * The server tells the user's other tabs itself (`notifications_read`).
 */
export async function markNotificationsRead(queryClient: QueryClient, target: MarkNotificationsRead): Promise<void> {
  applyRead(queryClient, target);
  try {
    const answer = unreadCountSchema.parse(await api.post("notifications/read", { json: target }).json());
    applyRead(queryClient, target, answer.unread_count);
  } catch (error) {
    void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    throw error;
  }
}
