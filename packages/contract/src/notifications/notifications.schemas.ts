import { z } from "zod";

/*
 * Notifications (issue 20, beyond the spec; ARCHITECTURE.md "Notifications"): every event a user waits for is one
 * row per recipient, shown in the app (the bell, live over the socket) and, by the user's preferences, sent by
 * e-mail and web push. Amounts are roubles with two decimals, as everywhere in the API.
 */

const ref = z.uuid();
const title = z.string();
const roubles = z.number();

/** Each event with what its texts need; `event` names it in the API, the preferences and the unsubscribe links. */
export const notificationEventSchema = z.discriminatedUnion("event", [
  /** To the seller: a listing sold; `delivered_units` are the stock's unit numbers handed over automatically. */
  z.object({
    event: z.literal("sale"),
    params: z.object({
      deal_id: ref,
      chat_id: ref,
      product_id: ref,
      product_title: title,
      quantity: z.number().int().positive(),
      amount: roubles,
      buyer_username: z.string(),
      delivered_units: z.array(z.number().int()),
    }),
  }),
  /** To the buyer of an auto-delivery listing: the goods are in the deal's card. */
  z.object({
    event: z.literal("order_delivered"),
    params: z.object({ deal_id: ref, chat_id: ref, product_id: ref, product_title: title, quantity: z.number().int() }),
  }),
  /** To a chat member, for the chat's messages unread since the row was made (`count` of them). */
  z.object({
    event: z.literal("chat_message"),
    params: z.object({ chat_id: ref, product_title: title, sender_username: z.string(), text: z.string() }),
  }),
  /**
   * To the seller: the buyer confirmed receipt, or the deal confirmed itself (`automatic`); `amount` is earned,
   * on the balance at once, or held by the guarantee until `held_until` when the goods have one.
   */
  z.object({
    event: z.literal("deal_completed"),
    params: z.object({
      deal_id: ref,
      chat_id: ref,
      product_title: title,
      amount: roubles,
      automatic: z.boolean(),
      held_until: z.iso.datetime().optional(),
    }),
  }),
  /** To the buyer, a day before the deal confirms itself. */
  z.object({
    event: z.literal("auto_confirm_soon"),
    params: z.object({ deal_id: ref, chat_id: ref, product_title: title, auto_confirm_at: z.iso.datetime() }),
  }),
  z.object({ event: z.literal("product_approved"), params: z.object({ product_id: ref, product_title: title }) }),
  z.object({
    event: z.literal("product_rejected"),
    params: z.object({ product_id: ref, product_title: title, reason: z.string() }),
  }),
  /** To the seller: an admin took a listing on sale off the catalogue. */
  z.object({
    event: z.literal("product_taken_down"),
    params: z.object({ product_id: ref, product_title: title, reason: z.string() }),
  }),
  /** To the seller: the buyer reported a problem with the deal. */
  z.object({
    event: z.literal("dispute_opened"),
    params: z.object({ deal_id: ref, chat_id: ref, product_title: title }),
  }),
  /** To both parties: an admin refunded the buyer or released the money to the seller. */
  z.object({
    event: z.literal("dispute_resolved"),
    params: z.object({
      deal_id: ref,
      chat_id: ref,
      product_title: title,
      outcome: z.enum(["refund", "release"]),
    }),
  }),
  z.object({
    event: z.literal("review_received"),
    params: z.object({ product_id: ref, product_title: title, rating: z.number().int(), author_username: z.string() }),
  }),
  z.object({ event: z.literal("top_up_credited"), params: z.object({ top_up_id: ref, amount: roubles }) }),
  z.object({ event: z.literal("withdrawal_paid"), params: z.object({ withdrawal_id: ref, amount: roubles }) }),
  z.object({
    event: z.literal("withdrawal_rejected"),
    params: z.object({ withdrawal_id: ref, amount: roubles, reason: z.string() }),
  }),
  /** To the reporter: an admin resolved or dismissed their report. */
  z.object({
    event: z.literal("report_resolved"),
    params: z.object({
      report_id: ref,
      decision: z.enum(["resolved", "dismissed"]),
      subject: z.string(),
      note: z.string().nullable(),
    }),
  }),
]);
export type NotificationEvent = z.output<typeof notificationEventSchema>;
export type NotificationEventName = NotificationEvent["event"];
export type NotificationParams<E extends NotificationEventName> = Extract<NotificationEvent, { event: E }>["params"];

export const notificationEventNames = notificationEventSchema.options.map(
  (option) => option.shape.event.value,
) as readonly NotificationEventName[];
export const notificationEventNameSchema = z.enum(
  notificationEventNames as [NotificationEventName, ...NotificationEventName[]],
);

export const notificationChannelSchema = z.enum(["in_app", "email", "push"]);
export type NotificationChannel = z.output<typeof notificationChannelSchema>;

/** What a user gets when they never chose: everything, except e-mail and push for what they just did themselves. */
export const NOTIFICATION_DEFAULTS: Record<NotificationEventName, Record<NotificationChannel, boolean>> = {
  sale: { in_app: true, email: true, push: true },
  order_delivered: { in_app: true, email: false, push: false },
  chat_message: { in_app: true, email: true, push: true },
  deal_completed: { in_app: true, email: true, push: true },
  auto_confirm_soon: { in_app: true, email: true, push: true },
  product_approved: { in_app: true, email: true, push: true },
  product_rejected: { in_app: true, email: true, push: true },
  product_taken_down: { in_app: true, email: true, push: true },
  dispute_opened: { in_app: true, email: true, push: true },
  dispute_resolved: { in_app: true, email: true, push: true },
  review_received: { in_app: true, email: true, push: true },
  top_up_credited: { in_app: true, email: false, push: false },
  withdrawal_paid: { in_app: true, email: true, push: true },
  withdrawal_rejected: { in_app: true, email: true, push: true },
  report_resolved: { in_app: true, email: true, push: true },
};

/** Where a notification leads in the web app: its deal's chat, its product, the wallet, the settings. */
export function notificationLink(notification: NotificationEvent): string {
  const { params } = notification;
  if ("chat_id" in params) return `/chats?chat=${params.chat_id}`;
  if ("product_id" in params) return `/product/${params.product_id}`;
  if ("top_up_id" in params || "withdrawal_id" in params) return "/wallet";
  return "/settings";
}

/** One notification in the bell's list. */
export const notificationSchema = z
  .intersection(
    notificationEventSchema,
    z.object({
      id: z.uuid(),
      /** How many chat messages the row stands for; 1 for every other event. */
      count: z.number().int().positive(),
      read: z.boolean(),
      link: z.string(),
      created_at: z.iso.datetime(),
    }),
  )
  .meta({ id: "Notification" });
export type Notification = z.output<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE_MAX = 50;

/** GET /v1/notifications: newest first; `before` is the previous page's `next_cursor`. */
export const notificationsQuerySchema = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(20),
});

export const notificationPageSchema = z
  .object({
    notifications: z.array(notificationSchema),
    next_cursor: z.string().nullable(),
    unread_count: z.number().int().nonnegative(),
  })
  .meta({ id: "NotificationPage" });
export type NotificationPage = z.output<typeof notificationPageSchema>;

/** POST /v1/notifications/read: some of one's own notifications by id, or all of them. */
export const markNotificationsReadSchema = z
  .union([
    z.object({ ids: z.array(z.uuid()).min(1).max(NOTIFICATIONS_PAGE_MAX) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ])
  .meta({ id: "MarkNotificationsRead" });
export type MarkNotificationsRead = z.output<typeof markNotificationsReadSchema>;

export const unreadCountSchema = z.object({ unread_count: z.number().int().nonnegative() }).meta({ id: "UnreadCount" });
export type UnreadCount = z.output<typeof unreadCountSchema>;

/** One event's switches in Settings. */
export const notificationPreferenceSchema = z
  .object({ event: notificationEventNameSchema, in_app: z.boolean(), email: z.boolean(), push: z.boolean() })
  .meta({ id: "NotificationPreference" });
export type NotificationPreference = z.output<typeof notificationPreferenceSchema>;

/** GET /v1/notifications/preferences answers every event; PUT takes any of them and answers every event. */
export const notificationPreferencesSchema = z
  .object({ preferences: z.array(notificationPreferenceSchema) })
  .meta({ id: "NotificationPreferences" });
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2000),
    keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  })
  .meta({ id: "PushSubscription" });
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(2000) }).meta({ id: "PushUnsubscribe" });
/** GET /v1/notifications/push/key: the VAPID public key a browser subscribes with (base64url). */
export const vapidKeySchema = z.object({ public_key: z.string() }).meta({ id: "VapidKey" });

/** The signed link of an e-mail's unsubscribe; it needs no sign-in. */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(500) });
/**
 * POST's body: the mail provider's one-click form (RFC 8058: `List-Unsubscribe=One-Click`, form-urlencoded), or
 * the unsubscribe page's JSON with nothing in it, or nothing at all; the token in the query is what decides.
 */
export const unsubscribeRequestSchema = z.object({ "List-Unsubscribe": z.literal("One-Click").optional() }).nullish();
/** What the unsubscribe page shows before the click (GET) and after it (POST). */
export const unsubscribeSchema = z
  .object({ event: notificationEventNameSchema, email: z.boolean() })
  .meta({ id: "Unsubscribe" });
export type Unsubscribe = z.output<typeof unsubscribeSchema>;

/** Socket events to the user's own tabs: a new notification, and the unread count after reads elsewhere. */
export const NOTIFICATION_EVENT = "notification";
export const NOTIFICATIONS_READ_EVENT = "notifications_read";
export const notificationPushedSchema = z.object({ notification: notificationSchema, unread_count: z.number().int() });
export type NotificationPushed = z.output<typeof notificationPushedSchema>;
