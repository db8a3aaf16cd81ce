import { notificationLink, type NotificationEvent, type NotificationEventName } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { notifications, type Notification } from "../../db/schema/notifications.js";
import { users } from "../../db/schema/users.js";
import type { JobRunner } from "../../platform/jobs/job-queue.js";
import type { Mailer, MailMessage } from "../../platform/mail/mailer.js";
import type { Clock } from "../../platform/time/clock.js";
import { channelsFor } from "./notifications-preferences.service.js";
import { renderNotificationEmail } from "./notifications-email.template.js";
import { emailChrome, emailDetails } from "./notifications-email.texts.js";
import { EMAIL_JOB, unreadChatRow } from "./notifications.jobs.js";
import { notificationTexts } from "./notifications.texts.js";
import { unsubscribeToken, type UnsubscribeKey } from "./notifications-unsubscribe.service.js";

export type EmailDeps = {
  db: Db;
  /** The app's one mailer (the auth codes' too). */
  mailer: Mailer;
  /** Where users reach the app (PUBLIC_URL's origin): the e-mail's links lead there. */
  appUrl: string;
  unsubscribeKey: UnsubscribeKey;
  clock: Clock;
  /** NOTIFY_CHAT_EMAIL_DELAY_S: the wait before a chat's next e-mail. */
  chatEmailDelayMs: number;
};

/**
 * The e-mail of one notification row, or nothing when it should no longer go: the recipient was banned or
 * deactivated since, or turned the event's e-mails off (in Settings or by an unsubscribe link) while the job waited.
 */
async function composeEmail(deps: EmailDeps, row: Notification): Promise<MailMessage | undefined> {
  const [user] = await deps.db
    .select({ email: users.email, language: users.language, isBanned: users.isBanned, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!user || user.isBanned || !user.isActive) return undefined;
  const event = row.event as NotificationEventName;
  if (!(await channelsFor(deps.db, row.userId, event)).email) return undefined;

  const notification = { event, params: row.params, count: row.count } as NotificationEvent & { count: number };
  const { language } = user;
  const { title, body } = notificationTexts(notification, language);
  const token = unsubscribeToken(deps.unsubscribeKey, row.userId, event);
  const { html, text } = await renderNotificationEmail({
    language,
    title,
    body,
    details: emailDetails(notification, language),
    chrome: emailChrome(notification, language),
    links: {
      action: `${deps.appUrl}${notificationLink(notification)}`,
      // The page asks before it unsubscribes: a mail scanner that opens every link changes nothing.
      unsubscribe: `${deps.appUrl}/unsubscribe?token=${token}`,
      settings: `${deps.appUrl}/settings`,
    },
  });
  return {
    to: user.email,
    subject: title,
    text,
    html,
    // RFC 8058: the mail provider POSTs to this address itself, so it is the API's, not the page's.
    headers: {
      "List-Unsubscribe": `<${deps.appUrl}/v1/notifications/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/**
 * Sends the mail, or throws so the queue retries it with backoff (mail is handed over last, so a job that
 * succeeded never sends a second e-mail; only a crash between the hand-over and the job's end can).
 */
async function send(deps: EmailDeps, row: Notification | undefined): Promise<void> {
  const mail = row && (await composeEmail(deps, row));
  if (mail) await deps.mailer.send(mail);
}

/**
 * `{ id }`: one row's e-mail. `{ user_id, chat_id }`: a chat's, keyed per recipient and chat and run after the
 * batching delay, about the chat's row only while it is still unread, so reading the chat cancels the e-mail.
 */
export function registerEmailJobs(jobs: JobRunner, deps: EmailDeps): void {
  jobs.handle(EMAIL_JOB, async (payload) => {
    if (typeof payload.chat_id === "string" && typeof payload.user_id === "string") {
      const row = await unreadChatRow(deps.db, payload.user_id, payload.chat_id);
      await send(deps, row);
      // A message that came while this ran found this job's key taken and queued nothing: its e-mail is this
      // job's next run, one delay from now.
      const now = await unreadChatRow(deps.db, payload.user_id, payload.chat_id);
      if (now && (!row || now.createdAt > row.createdAt))
        return { runAgainAt: new Date(deps.clock().getTime() + deps.chatEmailDelayMs) };
      return;
    }
    const [row] = await deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, String(payload.id)));
    await send(deps, row);
  });
}
