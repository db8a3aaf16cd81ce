import { useQuery } from "@tanstack/react-query";
import { notificationPreferencesSchema, type NotificationPreferences } from "@lootlane/contract";
import { api } from "@/shared/api/api";

export const notificationPreferencesQueryKey = ["notification-preferences"] as const;

/** GET /notifications/preferences: every event with its three channels, the defaults under the user's choices. */
export async function getNotificationPreferences(): Promise<NotificationPreferences> {
  return notificationPreferencesSchema.parse(await api.get("notifications/preferences").json());
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationPreferencesQueryKey, queryFn: getNotificationPreferences });
}
