import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import {
  notificationPreferencesSchema,
  type NotificationChannel,
  type NotificationEventName,
  type NotificationPreference,
  type NotificationPreferences,
} from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { notificationPreferencesQueryKey } from "./get-notification-preferences";

/** One switch of the table: an event's channel turned on or off. */
export interface PreferenceChange {
  event: NotificationEventName;
  channel: NotificationChannel;
  enabled: boolean;
}

/** PUT /notifications/preferences: the events sent change; the answer is every event. */
export async function saveNotificationPreferences(
  preferences: NotificationPreference[],
): Promise<NotificationPreferences> {
  return notificationPreferencesSchema.parse(
    await api.put("notifications/preferences", { json: { preferences } }).json(),
  );
}

function withChange(data: NotificationPreferences, { event, channel, enabled }: PreferenceChange) {
  return {
    preferences: data.preferences.map((row) => (row.event === event ? { ...row, [channel]: enabled } : row)),
  };
}

function setChange(queryClient: QueryClient, change: PreferenceChange): void {
  queryClient.setQueryData<NotificationPreferences>(notificationPreferencesQueryKey, (data) =>
    data ? withChange(data, change) : data,
  );
}

const saveKey = [...notificationPreferencesQueryKey, "save"] as const;

/**
 * Saves a switch as soon as it is flipped: it shows the new state at once and goes back if the server refuses. Only
 * the event's row is sent, so flipping several quickly never resends an older state of another row; the server's
 * answer replaces the table once no other save is on its way.
 */
export function useSaveNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveKey,
    mutationFn: async (change: PreferenceChange) => {
      const data = queryClient.getQueryData<NotificationPreferences>(notificationPreferencesQueryKey);
      const row = data?.preferences.find((item) => item.event === change.event);
      if (!row) throw new Error(`No preferences loaded for ${change.event}`);
      return saveNotificationPreferences([{ ...row, [change.channel]: change.enabled }]);
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesQueryKey, exact: true });
      setChange(queryClient, change);
    },
    onError: (_error, change) => setChange(queryClient, { ...change, enabled: !change.enabled }),
    onSuccess: (answer) => {
      if (queryClient.isMutating({ mutationKey: saveKey }) === 1)
        queryClient.setQueryData(notificationPreferencesQueryKey, answer);
    },
    // The section says why next to the switches.
    meta: { notifyError: false },
  });
}
