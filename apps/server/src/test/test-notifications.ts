import type {
  Notification,
  NotificationEvent,
  NotificationEventName,
  notificationPageSchema,
} from "@lootlane/contract";
import { expect } from "vitest";
import type { z } from "zod";
import type { TestClient } from "./test-client.js";

export type NotificationPage = z.output<typeof notificationPageSchema>;

/** The first page of the signed-in user's notifications, newest first, as the bell reads it. */
export async function notificationPageOf(client: TestClient, query = ""): Promise<NotificationPage> {
  const response = await client.get(`/v1/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as NotificationPage;
}

/** The user's notifications (up to a page), newest first. */
export async function notificationsOf(client: TestClient): Promise<Notification[]> {
  return (await notificationPageOf(client, "?limit=50")).notifications;
}

/** The user's notifications of one event, newest first. */
export async function eventsOf<E extends NotificationEventName>(
  client: TestClient,
  event: E,
): Promise<Array<Notification & Extract<NotificationEvent, { event: E }>>> {
  return (await notificationsOf(client)).filter(
    (notification): notification is Notification & Extract<NotificationEvent, { event: E }> =>
      notification.event === event,
  );
}

/** The bell's number, through GET /v1/notifications/unread-count. */
export async function unreadCountOf(client: TestClient): Promise<number> {
  const response = await client.get("/v1/notifications/unread-count");
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { unread_count: number }).unread_count;
}
