import type { NotificationEventName } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { notifications, type Notification } from "../../db/schema/notifications.js";
import { users } from "../../db/schema/users.js";
import {
  completeJob,
  enqueueJobs,
  PermanentJobError,
  type ClaimedJob,
  type JobRunner,
} from "../../platform/jobs/job-queue.js";
import { PushServiceError, type PushOptions, type PushSender } from "../../platform/push/push-sender.js";
import type { Clock } from "../../platform/time/clock.js";
import { channelsFor } from "./notifications-preferences.service.js";
import { dropPushSubscription, pushSubscriptionById, pushSubscriptionsOf } from "./notifications-push.service.js";
import { presentNotification } from "./notifications.presenter.js";
import { PUSH_JOB, unreadChatRow } from "./notifications.jobs.js";
import { notificationTexts } from "./notifications.texts.js";

/*
 * Web push of a notification, in two steps. PUSH_JOB (queued by delivery) picks the row and queues one
 * PUSH_SEND_JOB per browser the user subscribed; each of those sends once and is retried on its own. So the rule
 * for retries is simply that a browser's push is retried until that browser's push service takes it, and a browser
 * that already has the message is never sent it again because another browser's push service was down. The
 * browsers' jobs are written in the transaction that ends PUSH_JOB (completeJob), so a crash never queues them twice.
 */

/** One browser's push of one notification row: `{ subscription_id, notification_id }`. */
export const PUSH_SEND_JOB = "notifications.push.send";

/** A push service keeps the message this long for a browser that is offline; later it would be old news. */
const PUSH_TTL_SECONDS = 24 * 3600;
/** Retries back off to an hour each (job-queue.ts backoffMs): twelve attempts span about six hours, then it is dropped. */
const SEND_ATTEMPTS = 12;
/** Sends in flight at once per instance. */
const SENDS_AT_ONCE = 10;
// Push services take at most 4 KB encrypted; the notification shows a few lines of it anyway.
const TITLE_MAX = 200;
const BODY_MAX = 500;

/** What the service worker (apps/web/public/sw.js) receives and shows. */
export type PushMessage = { title: string; body: string; url: string; tag: string };

export type PushDeps = {
  db: Db;
  clock: Clock;
  sender: PushSender;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
};

/** The row a PUSH_JOB is about: a row by id, or the chat's row still unread (none once the chat was read). */
async function rowOfPushJob(db: Db, payload: Record<string, unknown>): Promise<Notification | undefined> {
  if (typeof payload.id === "string") return notificationById(db, payload.id);
  return unreadChatRow(db, String(payload.user_id), String(payload.chat_id));
}

async function notificationById(db: Db, id: string): Promise<Notification | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

async function queueBrowsers(deps: PushDeps, payload: Record<string, unknown>, job: ClaimedJob): Promise<void> {
  const row = await rowOfPushJob(deps.db, payload);
  if (!row) return;
  const subscriptions = await pushSubscriptionsOf(deps.db, row.userId);
  await deps.db.transaction(async (tx) => {
    await enqueueJobs(
      tx,
      subscriptions.map((subscription) => ({
        kind: PUSH_SEND_JOB,
        payload: { subscription_id: subscription.id, notification_id: row.id },
        key: `push:${job.id}:${subscription.id}`,
        maxAttempts: SEND_ATTEMPTS,
      })),
      deps.clock,
    );
    await completeJob(tx, job);
  });
}

/** The message in the user's language; a chat row says how many messages are unread by the time it is sent. */
async function messageOf(db: Db, row: Notification): Promise<PushMessage> {
  const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, row.userId));
  const notification = presentNotification(row);
  const texts = notificationTexts(notification, user?.language ?? "en");
  return {
    title: shortened(texts.title, TITLE_MAX),
    body: shortened(texts.body, BODY_MAX),
    url: notification.link,
    tag: row.chatId === null ? row.id : `chat:${row.chatId}`,
  };
}

function shortened(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function optionsOf(row: Notification): PushOptions {
  if (row.chatId === null) return { ttlSeconds: PUSH_TTL_SECONDS, urgency: "normal" };
  // A newer push of the chat replaces one the push service still holds for an offline browser.
  return { ttlSeconds: PUSH_TTL_SECONDS, urgency: "high", topic: row.chatId.replaceAll("-", "") };
}

async function sendToBrowser(deps: PushDeps, payload: Record<string, unknown>): Promise<void> {
  const subscription = await pushSubscriptionById(deps.db, String(payload.subscription_id));
  const row = await notificationById(deps.db, String(payload.notification_id));
  if (!subscription || !row || subscription.userId !== row.userId) return;
  // A chat's push is about messages still unread: read since (here or in another tab), it has nothing to say.
  if (row.chatId !== null && row.readAt !== null) return;
  if (!(await channelsFor(deps.db, row.userId, row.event as NotificationEventName)).push) return;
  const message = JSON.stringify(await messageOf(deps.db, row));
  const outcome = await deps.sender.send(subscription, message, optionsOf(row)).catch((error: unknown) => {
    // A refusal that repeating cannot change (a bad request, our key refused) is left for an operator in the log.
    throw error instanceof PushServiceError && !error.retryable ? new PermanentJobError(error.message) : error;
  });
  if (outcome === "sent") return;
  await dropPushSubscription(deps.db, subscription.id);
  if (outcome === "gone") deps.log.info({ subscriptionId: subscription.id }, "a push subscription is gone; removed");
  else
    deps.log.warn({ subscriptionId: subscription.id }, "a push endpoint is not one we call; its subscription removed");
}

export function registerPushJobs(jobs: JobRunner, deps: PushDeps): void {
  jobs.handle(PUSH_JOB, (payload, job) => queueBrowsers(deps, payload, job));
  // A lane of its own: the endpoint is a URL a browser handed over, which may answer only when the send times out.
  jobs.handle(PUSH_SEND_JOB, (payload) => sendToBrowser(deps, payload), { concurrency: SENDS_AT_ONCE });
}
