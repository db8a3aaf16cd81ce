import { notificationLink, type Notification, type NotificationEvent } from "@lootlane/contract";
import type { Notification as NotificationRow } from "../../db/schema/notifications.js";

/** A stored row as the API and the socket show it; `params` were validated by the contract when written. */
export function presentNotification(row: NotificationRow): Notification {
  const event = { event: row.event, params: row.params } as NotificationEvent;
  return {
    ...event,
    id: row.id,
    count: row.count,
    read: row.readAt !== null,
    link: notificationLink(event),
    created_at: row.createdAt.toISOString(),
  };
}
