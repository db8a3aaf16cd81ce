import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MarkNotificationsRead } from "@lootlane/contract";
import { markNotificationsRead } from "@/shared/notifications/mark-notifications-read";

/** Read one notification (opening it) or all of them ("Mark all read"); the bell follows at once. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (target: MarkNotificationsRead) => markNotificationsRead(queryClient, target) });
}
