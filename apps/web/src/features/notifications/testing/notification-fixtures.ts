import { notificationLink, type Notification, type NotificationEvent, type NotificationPage } from "@lootlane/contract";

export const CHAT_ID = "33333333-0000-4000-8000-000000000001";
export const DEAL_ID = "55555555-0000-4000-8000-000000000001";
export const PRODUCT_ID = "00000000-0000-4000-8000-000000000007";
const ID = "66666666-0000-4000-8000-000000000000";

/** A valid uuid numbered `n`, so fixtures read as "notification 2" yet pass the contract's checks. */
export function notificationId(n: number): string {
  return `${ID.slice(0, -12)}${n.toString().padStart(12, "0")}`;
}

/** An event of every kind the tests need, with params as the server writes them. */
export const EVENTS = {
  sale: {
    event: "sale",
    params: {
      deal_id: DEAL_ID,
      chat_id: CHAT_ID,
      product_id: PRODUCT_ID,
      product_title: "Dota 2 account",
      quantity: 2,
      amount: 1500.5,
      buyer_username: "alex",
      delivered_units: [3, 4],
    },
  },
  chat_message: {
    event: "chat_message",
    params: {
      chat_id: CHAT_ID,
      product_title: "Dota 2 account",
      sender_username: "alex",
      text: "Is it still for sale?",
    },
  },
  product_rejected: {
    event: "product_rejected",
    params: { product_id: PRODUCT_ID, product_title: "Steam key", reason: "No screenshots" },
  },
  withdrawal_paid: {
    event: "withdrawal_paid",
    params: { withdrawal_id: "77777777-0000-4000-8000-000000000001", amount: 12000 },
  },
} satisfies Record<string, NotificationEvent>;

/** Notification `n` about `event`, unread, written at 10:0n on 20 Nov 2025, linking where the server says. */
export function makeNotification(
  n: number,
  event: NotificationEvent,
  overrides: Partial<Pick<Notification, "count" | "read" | "created_at">> = {},
): Notification {
  return {
    ...event,
    id: notificationId(n),
    count: 1,
    read: false,
    link: notificationLink(event),
    created_at: `2025-11-20T10:${String(n).padStart(2, "0")}:00.000Z`,
    ...overrides,
  } as Notification;
}

export function page(
  notifications: Notification[],
  { next_cursor = null, unread_count }: { next_cursor?: string | null; unread_count?: number } = {},
): NotificationPage {
  return {
    notifications,
    next_cursor,
    unread_count: unread_count ?? notifications.filter((item) => !item.read).length,
  };
}
