import type { ChatMessagesQuery } from "@lootlane/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { chats, messages, type Chat, type Message, type NewMessage } from "../../db/schema/chats.js";
import { users } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/index.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { RateLimitRule } from "../../platform/rate-limit/rate-limiter.js";
import { ensureMayRead, ensureMayWrite, isMember } from "./chats.access.js";
import { withProductCards } from "./chats-cards.service.js";
import type { ChatDeps, MessageView, SignedIn } from "./chats.views.js";

/** Per sender, over REST and every socket and instance alike: a person types far slower; a script does not. */
export const MESSAGE_RATE: RateLimitRule = { name: "chat-message", max: 30, windowMs: 60_000 };

/**
 * GET /chats/{id}/messages: one page, oldest first, of the messages before `before` (the newest when absent).
 * A member reading marks what they received as read; `markedRead` tells whether that changed anything.
 */
export async function listMessages(
  deps: ChatDeps,
  viewer: SignedIn,
  chatId: string,
  query: ChatMessagesQuery,
): Promise<{ views: MessageView[]; markedRead: boolean }> {
  const { chat, rows, markedRead } = await deps.db.transaction(async (tx) => {
    const [chat] = await tx.select().from(chats).where(eq(chats.id, chatId));
    ensureMayRead(chat, viewer);
    const markedRead = isMember(chat, viewer.id) ? await markRead(tx, chatId, viewer.id) : false;
    const olderThanCursor =
      query.before === undefined
        ? undefined
        : sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from ${messages} m where m.id = ${query.before} and m.chat_id = ${chatId})`;
    const rows = await tx
      .select({ message: messages, senderUsername: users.username })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(and(eq(messages.chatId, chatId), olderThanCursor))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(query.limit);
    return { chat: chat as Chat, rows: rows.reverse(), markedRead };
  });
  return { views: await withProductCards(deps, chat, viewer, rows), markedRead };
}

/** The socket's `mark_read`: the member has seen everything in the chat. True when something became read. */
export async function markChatRead(deps: ChatDeps, viewer: SignedIn, chatId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [chat] = await tx
      .select({ buyerId: chats.buyerId, sellerId: chats.sellerId })
      .from(chats)
      .where(eq(chats.id, chatId));
    ensureMayWrite(chat, viewer);
    return markRead(tx, chatId, viewer.id);
  });
}

/**
 * A member's text message: rate-limited, stored (and the chat moved to the top of both lists) before anyone
 * is told, so a message that could not be stored is never delivered (ARCHITECTURE.md §4 "Chats").
 */
export async function postMessage(
  deps: ChatDeps,
  sender: AuthUser,
  chatId: string,
  text: string,
): Promise<{ chat: Chat; view: MessageView }> {
  await deps.limiter.consume(MESSAGE_RATE, sender.id);
  // The chat and the sender's ban in one read: the socket was authenticated at connect, and a ban since then
  // stops the writing at once.
  const [found] = await deps.db
    .select({ chat: chats, authorBanned: users.isBanned })
    .from(chats)
    .leftJoin(users, eq(users.id, sender.id))
    .where(eq(chats.id, chatId));
  ensureMayWrite(found?.chat, sender);
  if (found!.authorBanned !== false) throw new AppError("USER_IS_BANNED");
  // One statement stores the message and moves the chat up, so both happen or neither, without a transaction's round trips.
  const message = await storeMessage(deps.db, { chatId, senderId: sender.id, text, messageType: "text" });
  return {
    chat: found!.chat,
    view: { message, senderUsername: sender.username, product: null, goods: null, deal: null },
  };
}

/**
 * A deal's message (its purchase card, or a system message whose text is a deal event) stored in the caller's
 * transaction, so the message exists exactly when the transition does; the chat moves to the top of both lists.
 */
export function insertDealMessage(
  tx: Db,
  deal: { id: string; chatId: string },
  messageType: "purchase_info" | "system",
  text: string,
  at: Date,
): Promise<Message> {
  return storeMessage(tx, { chatId: deal.chatId, dealId: deal.id, senderId: null, text, messageType, createdAt: at });
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Marks what the member received in the chat as read (their own messages are read by the other side). */
async function markRead(tx: Tx | Db, chatId: string, readerId: string): Promise<boolean> {
  const changed = await tx
    .update(messages)
    .set({ isRead: true })
    .where(
      and(
        eq(messages.chatId, chatId),
        eq(messages.isRead, false),
        sql`${messages.senderId} is distinct from ${readerId}`,
      ),
    )
    .returning({ id: messages.id });
  return changed.length > 0;
}

/**
 * Stores a message and moves its chat to the top of both lists in one statement (the chat's last-message time
 * is the message's own), so a message never exists without its chat having moved.
 */
async function storeMessage(db: Db, values: NewMessage): Promise<Message> {
  const stored = db.$with("stored").as(db.insert(messages).values(values).returning());
  const [message] = await db
    .with(stored)
    .update(chats)
    .set({ lastMessageAt: sql`${stored.createdAt}` })
    .from(stored)
    .where(eq(chats.id, stored.chatId))
    .returning({
      id: stored.id,
      chatId: stored.chatId,
      senderId: stored.senderId,
      text: stored.text,
      messageType: stored.messageType,
      isRead: stored.isRead,
      dealId: stored.dealId,
      createdAt: stored.createdAt,
    });
  return message!;
}
