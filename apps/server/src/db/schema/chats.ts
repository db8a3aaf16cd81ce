/*
 * Who writes these tables: only the owner named here inserts, updates or deletes their rows; everyone else
 * asks the owner's service (db/table-owners.test.ts checks the code against this list).
 *
 *   chats → modules/chats (a purchase asks it for the chat)
 *   messages → modules/chats (deals post their messages through it)
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalog.js";
import { createdAt, id, oneOf, timestamptz } from "./columns.js";
import { users } from "./users.js";

/** One chat per (product, buyer): created by a purchase or by a buyer's "Message seller". */
export const chats = pgTable(
  "chats",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** Orders the chat list; starts at creation so a chat without messages still sorts by its age. */
    lastMessageAt: timestamptz("last_message_at").notNull().defaultNow(),
  },
  (t) => [
    unique("chats_product_buyer_key").on(t.productId, t.buyerId),
    index("chats_buyer_idx").on(t.buyerId, t.lastMessageAt.desc().nullsFirst()),
    index("chats_seller_idx").on(t.sellerId, t.lastMessageAt.desc().nullsFirst()),
    check("chats_buyer_not_seller_check", sql`${t.buyerId} <> ${t.sellerId}`),
  ],
);

/** Where an attached image is kept (media keys, so the store's public address can change) and its size. */
export type MessageAttachment = { key: string; thumbnailKey: string; width: number; height: number };

export const messageTypes = ["text", "purchase_info", "system"] as const;
export type MessageType = (typeof messageTypes)[number];

export const messages = pgTable(
  "messages",
  {
    id: id(),
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** Null for system messages (deal transitions). */
    senderId: uuid("sender_id").references(() => users.id),
    text: text("text").notNull(),
    messageType: text("message_type", { enum: messageTypes }).notNull().default("text"),
    isRead: boolean("is_read").notNull().default(false),
    /**
     * The deal a system message or purchase card is about, so each card shows its own deal when one chat holds
     * several purchases. No foreign key: deals reference chats first.
     */
    dealId: uuid("deal_id"),
    /** Images sent with the message (issue 22), re-encoded and stored like product images. */
    attachments: jsonb("attachments").$type<MessageAttachment[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_chat_created_idx").on(t.chatId, t.createdAt),
    check("messages_type_check", oneOf(t.messageType, messageTypes)),
  ],
);

export type Chat = typeof chats.$inferSelect;
export type NewChat = typeof chats.$inferInsert;
export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
