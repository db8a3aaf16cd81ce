import { randomUUID } from "node:crypto";
import type { NotificationEvent, NotificationEventName, NotificationParams } from "@lootlane/contract";
import { expect } from "vitest";
import type { User } from "../db/schema/users.js";
import { notify, notifyChatMessage } from "../modules/notifications/notifications.service.js";
import type { AuthTestApp } from "./test-auth.js";
import type { ReceivedMail } from "./test-mail.js";
import { createTestUser } from "./test-users.js";

/*
 * Notification e-mails as their recipients get them: events are announced through notify() in a transaction of
 * their own, as the modules that cause them do, and the app's job queue delivers them to the test's SMTP server.
 */

/** PUBLIC_URL of the mail tests' apps: every link in their e-mails starts with it. */
export const APP_URL = "https://shop.example";

/** One event for the user, written as the event's own transaction writes it. */
export function notifyNow(t: AuthTestApp, userId: string, event: NotificationEvent): Promise<void> {
  return t.database.db.transaction((tx) => notify(tx, t.clock.now, userId, event));
}

/** One chat message for a member of the chat, as the chat module counts it. */
export function chatMessageNow(
  t: AuthTestApp,
  userId: string,
  params: NotificationParams<"chat_message">,
): Promise<void> {
  return t.database.db.transaction((tx) =>
    notifyChatMessage(tx, t.clock.now, userId, params, { id: randomUUID(), text: params.text }),
  );
}

/** Runs the queue until nothing is due now: a delivery job queues the e-mail job that the next round sends. */
export async function runDueJobs(t: AuthTestApp): Promise<void> {
  while ((await t.app.jobs.runDue()) > 0);
}

let users = 0;

/** A recipient with a mailbox of their own, writing the given interface language. */
export function createRecipient(t: AuthTestApp, values: Partial<User> & { language: "en" | "ru" }): Promise<User> {
  return createTestUser(t.database.db, { username: `mail_${++users}_${randomUUID().slice(0, 6)}`, ...values });
}

/** The one e-mail the user has got; fails when there is none or more. */
export function onlyMailTo(t: AuthTestApp, user: Pick<User, "email">): ReceivedMail {
  const mails = t.mail.mailsTo(user.email);
  expect(mails.map((mail) => mail.subject)).toHaveLength(1);
  return mails[0]!;
}

/** The unsubscribe token of an e-mail's List-Unsubscribe address. */
export function unsubscribeTokenOf(mail: ReceivedMail): string {
  const address = /^<([^>]+)>$/.exec(mail.headers["list-unsubscribe"] ?? "")?.[1];
  if (!address) throw new Error(`no List-Unsubscribe address in: ${mail.headers["list-unsubscribe"]}`);
  return new URL(address).searchParams.get("token")!;
}

/** An event of the kind about `title` (what the event names: a product, or the subject of a report). */
export function eventOf<E extends NotificationEventName>(
  name: E,
  title: string,
): Extract<NotificationEvent, { event: E }> {
  return anyEventOf(name, title) as Extract<NotificationEvent, { event: E }>;
}

function anyEventOf(name: NotificationEventName, title: string): NotificationEvent {
  const deal = { deal_id: randomUUID(), chat_id: randomUUID(), product_title: title };
  const product = { product_id: randomUUID(), product_title: title };
  switch (name) {
    case "sale":
      return {
        event: name,
        params: {
          ...deal,
          ...product,
          quantity: 2,
          amount: 1500,
          buyer_username: "buyer_bob",
          delivered_units: [3, 4],
        },
      };
    case "order_delivered":
      return { event: name, params: { ...deal, ...product, quantity: 1 } };
    case "chat_message":
      return {
        event: name,
        params: {
          chat_id: randomUUID(),
          product_title: title,
          sender_username: "buyer_bob",
          text: "Is it still there?",
        },
      };
    case "deal_completed":
      return { event: name, params: { ...deal, amount: 1500, automatic: true } };
    case "auto_confirm_soon":
      return { event: name, params: { ...deal, auto_confirm_at: "2030-01-02T09:30:00.000Z" } };
    case "product_approved":
      return { event: name, params: product };
    case "product_rejected":
    case "product_taken_down":
      return { event: name, params: { ...product, reason: "Blurry screenshots" } };
    case "dispute_opened":
      return { event: name, params: deal };
    case "dispute_resolved":
      return { event: name, params: { ...deal, outcome: "refund" } };
    case "review_received":
      return { event: name, params: { ...product, rating: 4, author_username: "buyer_bob" } };
    case "top_up_credited":
      return { event: name, params: { top_up_id: randomUUID(), amount: 1500 } };
    case "withdrawal_paid":
      return { event: name, params: { withdrawal_id: randomUUID(), amount: 1500 } };
    case "withdrawal_rejected":
      return { event: name, params: { withdrawal_id: randomUUID(), amount: 1500, reason: "Card closed" } };
    case "report_resolved":
      return { event: name, params: { report_id: randomUUID(), decision: "resolved", subject: title, note: null } };
  }
}
