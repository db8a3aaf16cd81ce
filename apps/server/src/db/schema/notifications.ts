/*
 * Who writes these tables: only the owner named here inserts, updates or deletes their rows; everyone else
 * asks the owner's service (db/table-owners.test.ts checks the code against this list).
 *
 *   notifications → modules/notifications
 *   notificationPreferences → modules/notifications
 *   pushSubscriptions → modules/notifications
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, oneOf, timestamptz } from "./columns.js";
import { users } from "./users.js";

export const notificationChannels = ["in_app", "email", "push"] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/**
 * One row per event and recipient (the contract's notificationEventSchema names the events and their params),
 * written in the transaction of the event itself: the row is the outbox its e-mail and push jobs deliver from.
 * A chat's messages collapse into one unread row per chat (`chat_id`, `count`), so a talkative buyer is one line.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    params: jsonb("params").notNull().default({}),
    /** The chat a chat_message row stands for; reading the chat reads it. */
    chatId: uuid("chat_id"),
    count: integer("count").notNull().default(1),
    /**
     * False when the user turned the app channel off for the event: the row stays out of the bell but stays unread,
     * because a chat's batched e-mail and push go only while its row is unread.
     */
    inApp: boolean("in_app").notNull().default(true),
    readAt: timestamptz("read_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("notifications_user_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex("notifications_unread_chat_key")
      .on(t.userId, t.chatId)
      .where(sql`${t.readAt} is null and ${t.chatId} is not null`),
    check("notifications_count_check", sql`${t.count} > 0`),
  ],
);

/** A user's choice that differs from the event's default (notifications.rules.ts); no row means the default. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    channel: text("channel", { enum: notificationChannels }).notNull(),
    enabled: boolean("enabled").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.event, t.channel] }),
    check("notification_preferences_channel_check", oneOf(t.channel, notificationChannels)),
  ],
);

/** A browser's Web Push subscription (the PushSubscription's endpoint and keys); removed when the push service says it is gone. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
