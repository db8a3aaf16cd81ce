import { NOTIFICATIONS_READ_EVENT, type NotificationEvent, type NotificationParams } from "@lootlane/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { notifications } from "../../db/schema/notifications.js";
import { enqueueJobs, type NewJobInput } from "../../platform/jobs/job-queue.js";
import { personalRoom, type Realtime } from "../../platform/realtime/socket-server.js";
import type { Clock } from "../../platform/time/clock.js";
import { webhookJob, webhookJobOf } from "../webhooks/webhooks.service.js";
import { DELIVER_JOB, unreadCount } from "./notifications.jobs.js";
import { unreadCountChanged } from "./notifications.events.js";

// The user's switches, for the export of their data (modules/account).
export { readPreferences } from "./notifications-preferences.service.js";

/*
 * What other modules call, inside the transaction of the event itself (ARCHITECTURE.md "Notifications"): the row
 * and the job that delivers it commit with the event or not at all, so nothing is announced that did not happen and
 * nothing that happened goes unannounced. Delivery (live, e-mail, push) is the job's (notifications.jobs.ts).
 */

/** One event for one recipient. */
export function notify(tx: Db, clock: Clock, userId: string, event: NotificationEvent): Promise<void> {
  return notifyEach(tx, clock, [{ userId, event }]);
}

/**
 * Several events of one action (a sale and its delivery, a dispute's decision to both sides) in two statements
 * whatever their number: the action may hold a lock others wait for, such as a listing's row during a purchase.
 * The recipients' webhooks (issue 25) go in the same insert as the deliveries, with `alsoJobs` of the action's own.
 */
export async function notifyEach(
  tx: Db,
  clock: Clock,
  notices: ReadonlyArray<{ userId: string; event: NotificationEvent }>,
  alsoJobs: readonly NewJobInput[] = [],
): Promise<void> {
  if (notices.length === 0) return;
  const createdAt = clock();
  const rows = await tx
    .insert(notifications)
    .values(notices.map(({ userId, event }) => ({ userId, event: event.event, params: event.params, createdAt })))
    .returning({ id: notifications.id });
  for (const userId of new Set(notices.map((notice) => notice.userId))) unreadCountChanged(tx, userId);
  const webhooks = notices.flatMap(({ userId, event }) => webhookJobOf(userId, event, createdAt) ?? []);
  await enqueueJobs(
    tx,
    [...rows.map((row) => ({ kind: DELIVER_JOB, payload: { id: row.id } })), ...webhooks, ...alsoJobs],
    clock,
  );
}

/**
 * A chat message for one member: the chat's unread row counts it (one row per chat while unread, carrying the
 * latest message), so the bell says "3 new messages from …" rather than three lines. The member's webhooks get
 * each message whole (`message`: its id and text), in the same insert as the delivery job.
 */
export async function notifyChatMessage(
  tx: Db,
  clock: Clock,
  userId: string,
  params: NotificationParams<"chat_message">,
  message: { id: string; text: string },
): Promise<void> {
  const [row] = await tx
    .insert(notifications)
    .values({ userId, event: "chat_message", params, chatId: params.chat_id, createdAt: clock() })
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.chatId],
      targetWhere: sql`${notifications.readAt} is null and ${notifications.chatId} is not null`,
      set: {
        count: sql`${notifications.count} + 1`,
        params: sql`excluded.params`,
        createdAt: sql`excluded.created_at`,
      },
    })
    .returning({ id: notifications.id });
  unreadCountChanged(tx, userId);
  const webhook = webhookJob(
    userId,
    "message.created",
    {
      chat_id: params.chat_id,
      message_id: message.id,
      product_title: params.product_title,
      sender_username: params.sender_username,
      text: message.text,
    },
    clock(),
  );
  await enqueueJobs(tx, [{ kind: DELIVER_JOB, payload: { id: row!.id } }, webhook], clock);
}

/** The member read the chat: its row is read too, so no e-mail or push about it follows. Answers whether one was. */
export async function readChatNotifications(tx: Db, clock: Clock, userId: string, chatId: string): Promise<boolean> {
  const read = await tx
    .update(notifications)
    .set({ readAt: clock() })
    .where(and(eq(notifications.userId, userId), eq(notifications.chatId, chatId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (read.length > 0) unreadCountChanged(tx, userId);
  return read.length > 0;
}

/**
 * After a commit that read some of the user's rows (the bell, or reading a chat): every tab of theirs, on any
 * instance, shows the count that is left.
 */
export async function announceUnreadCount(db: Db, realtime: Pick<Realtime, "io">, userId: string): Promise<void> {
  const count = await unreadCount(db, userId);
  realtime.io.to(personalRoom(userId)).emit(NOTIFICATIONS_READ_EVENT, { unread_count: count });
}
