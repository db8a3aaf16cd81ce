import { NOTIFICATION_EVENT, type NotificationEventName } from "@lootlane/contract";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { preparedOn } from "../../db/prepared.js";
import { notifications, pushSubscriptions, type Notification } from "../../db/schema/notifications.js";
import {
  completeJob,
  enqueueJobs,
  type ClaimedJob,
  type JobRunner,
  type NewJobInput,
} from "../../platform/jobs/job-queue.js";
import { personalRoom, type Realtime } from "../../platform/realtime/socket-server.js";
import type { Clock } from "../../platform/time/clock.js";
import { channelsFor } from "./notifications-preferences.service.js";
import { unreadCountChanged } from "./notifications.events.js";
import { presentNotification } from "./notifications.presenter.js";

/** The job that delivers one notification row (`{ id }`) to its recipient's channels. */
export const DELIVER_JOB = "notifications.deliver";
/** An e-mail of one notification row (`{ id }`), or of a chat's unread row (`{ user_id, chat_id }`), batched by key. */
export const EMAIL_JOB = "notifications.email";
/** A web push of one notification row (`{ id }`), or of a chat's unread row (`{ user_id, chat_id }`), by key. */
export const PUSH_JOB = "notifications.push";

/**
 * A chat's push waits this long: a member looking at the chat reads the message at once, and then nothing is
 * pushed ("a new chat message while you are not looking at that chat").
 */
export const CHAT_PUSH_DELAY_MS = 15_000;

export type DeliveryDeps = {
  db: Db;
  clock: Clock;
  realtime: Pick<Realtime, "io">;
  /** NOTIFY_CHAT_EMAIL_DELAY_S: one e-mail per chat and recipient per this long, while unread. */
  chatEmailDelayMs: number;
};

const unreadOfUser = preparedOn((db) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, sql.placeholder("userId")),
        isNull(notifications.readAt),
        eq(notifications.inApp, true),
      ),
    )
    .prepare("notifications_unread_count"),
);

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await unreadOfUser(db).execute({ userId });
  return row!.n;
}

/**
 * Delivers a row: live to the user's open tabs (when they keep the app channel on; else the row is kept out of
 * the bell, yet unread, so a chat's e-mail and push still know whether it was read), then one job per further channel they keep on, each retried on
 * its own so a push service's failure never sends an e-mail twice. The channel jobs are written in the transaction
 * that ends this job (completeJob): run again after a crash, it may show the row live twice (harmless: the web app
 * keys rows by id) but never makes a second e-mail or push.
 */
async function deliver(deps: DeliveryDeps, id: string, job: ClaimedJob): Promise<void> {
  const [row] = await deps.db.select().from(notifications).where(eq(notifications.id, id));
  if (!row || row.readAt !== null) return;
  const channels = await channelsFor(deps.db, row.userId, row.event as NotificationEventName);
  if (channels.in_app) {
    deps.realtime.io.to(personalRoom(row.userId)).emit(NOTIFICATION_EVENT, {
      notification: presentNotification(row),
      unread_count: await unreadCount(deps.db, row.userId),
    });
  }
  const jobs: NewJobInput[] = [];
  if (channels.email) jobs.push(channelJob(deps, EMAIL_JOB, row, deps.chatEmailDelayMs));
  if (channels.push && (await hasPushSubscriptions(deps.db, row.userId)))
    jobs.push(channelJob(deps, PUSH_JOB, row, CHAT_PUSH_DELAY_MS));
  await deps.db.transaction(async (tx) => {
    if (row.inApp !== channels.in_app) {
      await tx.update(notifications).set({ inApp: channels.in_app }).where(eq(notifications.id, row.id));
      unreadCountChanged(tx, row.userId);
    }
    await enqueueJobs(tx, jobs, deps.clock);
    await completeJob(tx, job);
  });
}

/** A chat's jobs are keyed per recipient and chat and wait their delay; every other row's go at once. */
function channelJob(deps: DeliveryDeps, kind: string, row: Notification, chatDelayMs: number): NewJobInput {
  if (row.chatId === null) return { kind, payload: { id: row.id } };
  return {
    kind,
    payload: { user_id: row.userId, chat_id: row.chatId },
    key: `${kind === EMAIL_JOB ? "chat-email" : "chat-push"}:${row.userId}:${row.chatId}`,
    runAt: new Date(deps.clock().getTime() + chatDelayMs),
  };
}

async function hasPushSubscriptions(db: Db, userId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  return found !== undefined;
}

/** The chat's row still unread for the member, if any: what a batched chat e-mail or push is about. */
export async function unreadChatRow(db: Db, userId: string, chatId: string): Promise<Notification | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.chatId, chatId), isNull(notifications.readAt)));
  return row;
}

export function registerNotificationJobs(jobs: JobRunner, deps: DeliveryDeps): void {
  jobs.handle(DELIVER_JOB, (payload, job) => deliver(deps, String(payload.id), job));
}
