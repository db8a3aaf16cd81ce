import {
  NOTIFICATION_DEFAULTS,
  notificationEventNames,
  type NotificationEventName,
  type NotificationPreferences,
} from "@lootlane/contract";

/** GET /notifications/preferences as the server answers a user who never chose: the defaults, with `changes` over them. */
export function preferencesAnswer(
  changes: Partial<Record<NotificationEventName, Partial<Record<"in_app" | "email" | "push", boolean>>>> = {},
): NotificationPreferences {
  return {
    preferences: notificationEventNames.map((event) => ({
      event,
      ...NOTIFICATION_DEFAULTS[event],
      ...changes[event],
    })),
  };
}
