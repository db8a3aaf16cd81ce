import type { ChatMessagesQuery } from "@lootlane/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";
import {
  chats,
  messages,
  type Chat,
  type Message,
  type MessageAttachment,
  type NewMessage,
} from "../../db/schema/chats.js";
import { deals, disputes } from "../../db/schema/deals.js";
import { users } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/index.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { RateLimitRule } from "../../platform/rate-limit/rate-limiter.js";
import { notifyChatMessage, readChatNotifications } from "../notifications/notifications.service.js";
import { ensureMayRead, ensureMayWrite, isMember } from "./chats.access.js";
import { chatContentChanged } from "./chats.events.js";
import { withProductCards } from "./chats-cards.service.js";
import type { ChatDeps, MessageView, SignedIn } from "./chats.views.js";

/** Per sender, over REST and every socket and instance alike: a person types far slower; a script does not. */
export const MESSAGE_RATE: RateLimitRule = { name: "chat-message", max: 30, windowMs: 60_000 };

/** A chat notification quotes this much of the message: the start says what it is about; the chat has the rest. */
const QUOTED_CHARS = 200;

/** What a notification quotes of an image sent without a caption. */
const IMAGE_QUOTE = "🖼";

/**
 * What reading a chat changed: its messages now read (the chat list follows) and whether the member's unread
 * notification of the chat was read with them (the bell follows).
 */
export type ChatRead = { markedRead: boolean; notificationRead: boolean };

/**
 * GET /chats/{id}/messages: one page, oldest first, of the messages before `before` (the newest when absent).
 * A member reading marks what they received as read, and the chat's notification with it; `read` tells what
 * that changed.
 */
export async function listMessages(
  deps: ChatDeps,
  viewer: SignedIn,
  chatId: string,
  query: ChatMessagesQuery,
): Promise<{ views: MessageView[]; read: ChatRead }> {
  const { chat, rows, read } = await deps.db.transaction(async (tx) => {
    const [chat] = await tx.select().from(chats).where(eq(chats.id, chatId));
    ensureMayRead(chat, viewer);
    const read = isMember(chat, viewer.id)
      ? await markRead(tx, deps, chatId, viewer.id)
      : { markedRead: false, notificationRead: false };
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
    return { chat: chat as Chat, rows: rows.reverse(), read };
  });
  return { views: await withProductCards(deps, chat, viewer, rows), read };
}

/** The socket's `mark_read`: the member has seen everything in the chat, and so its notification. */
export async function markChatRead(deps: ChatDeps, viewer: SignedIn, chatId: string): Promise<ChatRead> {
  return deps.db.transaction(async (tx) => {
    const [chat] = await tx
      .select({ buyerId: chats.buyerId, sellerId: chats.sellerId })
      .from(chats)
      .where(eq(chats.id, chatId));
    ensureMayWrite(chat, viewer);
    return markRead(tx, deps, chatId, viewer.id);
  });
}

/** A chat someone may post in now, as postMessage and the attachments' service check it before storing. */
export type PostTarget = { chat: Chat; productTitle: string; fromAdmin: boolean };

/**
 * Checks, before anything is stored, that `sender` may post in the chat now: rate-limited per sender, members
 * who are not banned, and an admin while a deal of the chat has an open dispute (issue 22: the admin joins a
 * disputed chat, marked as the admin). Reading the chat and the sender's ban at once: the socket was
 * authenticated at connect, and a ban since then stops the writing at once.
 */
export async function postTarget(deps: ChatDeps, sender: AuthUser, chatId: string): Promise<PostTarget> {
  await deps.limiter.consume(MESSAGE_RATE, sender.id);
  const [found] = await deps.db
    .select({ chat: chats, authorBanned: users.isBanned, productTitle: products.title })
    .from(chats)
    .innerJoin(products, eq(products.id, chats.productId))
    .leftJoin(users, eq(users.id, sender.id))
    .where(eq(chats.id, chatId));
  ensureMayRead(found?.chat, sender);
  if (found!.authorBanned !== false) throw new AppError("USER_IS_BANNED");
  const { chat, productTitle } = found!;
  const fromAdmin = !isMember(chat, sender.id);
  if (fromAdmin && !(await hasOpenDispute(deps.db, chatId))) throw new AppError("CHAT_NO_OPEN_DISPUTE");
  return { chat, productTitle, fromAdmin };
}

/**
 * Stores a post checked by postTarget in the caller's transaction, with the recipients' notification of the
 * chat: no notification of a message never stored. An admin's post tells both members.
 */
export async function storePost(
  tx: Db,
  deps: Pick<ChatDeps, "clock">,
  sender: AuthUser,
  { chat, productTitle, fromAdmin }: PostTarget,
  text: string,
  attachments: MessageAttachment[] = [],
): Promise<MessageView> {
  const message = await storeMessage(tx, {
    chatId: chat.id,
    senderId: sender.id,
    text,
    messageType: "text",
    attachments,
  });
  const recipients = [chat.buyerId, chat.sellerId].filter((memberId) => memberId !== sender.id);
  for (const recipient of recipients)
    await notifyChatMessage(
      tx,
      deps.clock,
      recipient,
      {
        chat_id: chat.id,
        product_title: productTitle,
        sender_username: sender.username,
        // An image without a caption is quoted as a picture sign, which reads the same in every language.
        text: text === "" && attachments.length > 0 ? IMAGE_QUOTE : quoted(text),
      },
      { id: message.id, text },
    );
  return { message, senderUsername: sender.username, product: null, goods: null, deal: null, fromAdmin };
}

/**
 * A text message: checked (postTarget) and stored (and the chat moved to the top of both lists) before anyone
 * is told, so a message that could not be stored is never delivered (ARCHITECTURE.md §4 "Chats").
 */
export async function postMessage(
  deps: ChatDeps,
  sender: AuthUser,
  chatId: string,
  text: string,
): Promise<{ chat: Chat; view: MessageView }> {
  const target = await postTarget(deps, sender, chatId);
  const view = await deps.db.transaction((tx) => storePost(tx, deps, sender, target, text));
  return { chat: target.chat, view };
}

/** Whether a deal of the chat is disputed now: the one time an admin writes in a chat that is not theirs. */
async function hasOpenDispute(db: Db, chatId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .innerJoin(deals, eq(deals.id, disputes.dealId))
    .where(and(eq(deals.chatId, chatId), eq(disputes.status, "open")))
    .limit(1);
  return open !== undefined;
}

/** The start of a message, whole characters (never half of an emoji's surrogate pair), with an ellipsis if cut. */
function quoted(text: string): string {
  const characters = Array.from(text);
  return characters.length <= QUOTED_CHARS ? text : `${characters.slice(0, QUOTED_CHARS - 1).join("")}…`;
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

/**
 * Marks what the member received in the chat as read (their own messages are read by the other side), and their
 * notification of the chat, so no e-mail or push about it follows.
 */
async function markRead(
  tx: Tx | Db,
  deps: Pick<ChatDeps, "clock">,
  chatId: string,
  readerId: string,
): Promise<ChatRead> {
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
  if (changed.length > 0) chatContentChanged(tx, chatId);
  const notificationRead = await readChatNotifications(tx, deps.clock, readerId, chatId);
  return { markedRead: changed.length > 0, notificationRead };
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
      attachments: stored.attachments,
      createdAt: stored.createdAt,
    });
  chatContentChanged(db, message!.chatId);
  return message!;
}
