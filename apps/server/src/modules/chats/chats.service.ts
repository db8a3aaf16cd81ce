import type { ChatMessagesQuery, Deal } from "@lootlane/contract";
import { and, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";
import { chats, messages, type Chat, type Message, type NewMessage } from "../../db/schema/chats.js";
import { deals } from "../../db/schema/deals.js";
import { users, type User } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/index.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { RateLimiter, RateLimitRule } from "../../platform/rate-limit/rate-limiter.js";
import type { PresenceStore } from "../../platform/realtime/presence.js";
import { loadProductViews, mayView, type ProductView } from "../products/products.service.js";
import { recordLastSeen, type Viewer } from "../users/users.service.js";
import { ensureMayRead, ensureMayWrite, isMember } from "./chats.access.js";

/**
 * The deal a chat shows, as the API shows it. The deals module provides it at start-up: deals depend on chats
 * (a purchase opens its chat and posts into it), so chats must not import deals back.
 */
export type LatestDealOfChat = (db: Db, chatId: string) => Promise<Deal | null>;

export type ChatDeps = { db: Db; presence: PresenceStore; limiter: RateLimiter; latestDeal: LatestDealOfChat };

export type ChatUserRow = Pick<User, "id" | "username" | "avatarUrl" | "lastSeenAt">;

/** A chat as one member's list shows it. */
export type ChatRowView = {
  chat: Chat;
  other: ChatUserRow;
  isOnline: boolean;
  lastMessage: Pick<Message, "text" | "createdAt" | "messageType"> | null;
  unreadCount: number;
};

/** A message with what its answer shows: the sender's name and, for a purchase card, the product and the chat's deal. */
export type MessageView = {
  message: Message;
  senderUsername: string | null;
  product: ProductView | null;
  mayReadGoods: boolean;
  deal: Deal | null;
};

/** The chat's product as a member or an admin sees it: the goods once the viewer may read them, and the latest deal. */
export type ChatProductView = { product: ProductView; mayReadGoods: boolean; deal: Deal | null };

type SignedIn = NonNullable<Viewer>;

/** Per sender, over REST and every socket and instance alike: a person types far slower; a script does not. */
export const MESSAGE_RATE: RateLimitRule = { name: "chat-message", max: 30, windowMs: 60_000 };

/** Deal states in which the buyer owns the goods and may read them on the purchase card. */
const BUYER_HAS_GOODS = ["purchased", "completed", "disputed"] as const;

/** GET /chats/: the viewer's chats, most recent activity first (a chat without messages by its creation). */
export function listChats(deps: ChatDeps, viewer: SignedIn): Promise<ChatRowView[]> {
  return loadChatRows(deps, viewer.id);
}

/** One chat as a member's list shows it: the answer of POST /chats/ and the `chat_updated` event. */
export async function getChatRow(deps: ChatDeps, chatId: string, memberId: string): Promise<ChatRowView> {
  const [row] = await loadChatRows(deps, memberId, eq(chats.id, chatId));
  if (!row) throw new AppError("CHAT_NOT_FOUND");
  return row;
}

/**
 * The chat as each of its two members' lists shows it, in one query: what `chat_updated` tells both members
 * after every message, so one read serves the two of them.
 */
export async function chatRowsOfMembers(deps: ChatDeps, chatId: string): Promise<ChatRowView[]> {
  const buyer = alias(users, "buyer");
  const seller = alias(users, "seller");
  const last = lastMessageOfChat(deps.db);
  const [row] = await deps.db
    .select({
      chat: chats,
      buyer: { id: buyer.id, username: buyer.username, avatarUrl: buyer.avatarUrl, lastSeenAt: buyer.lastSeenAt },
      seller: { id: seller.id, username: seller.username, avatarUrl: seller.avatarUrl, lastSeenAt: seller.lastSeenAt },
      last: { text: last.text, createdAt: last.createdAt, messageType: last.messageType },
      buyerUnread: unreadCountFor(chats.buyerId),
      sellerUnread: unreadCountFor(chats.sellerId),
    })
    .from(chats)
    .innerJoin(buyer, eq(buyer.id, chats.buyerId))
    .innerJoin(seller, eq(seller.id, chats.sellerId))
    .leftJoinLateral(last, sql`true`)
    .where(eq(chats.id, chatId));
  if (!row) throw new AppError("CHAT_NOT_FOUND");
  const online = await deps.presence.online([row.buyer.id, row.seller.id]);
  const view = (other: ChatUserRow, unreadCount: number): ChatRowView => ({
    chat: row.chat,
    other,
    isOnline: online.has(other.id),
    lastMessage: row.last,
    unreadCount: Number(unreadCount),
  });
  return [view(row.seller, row.buyerUnread), view(row.buyer, row.sellerUnread)];
}

/**
 * POST /chats/, the buyer's "Message seller": the chat of (product, buyer), created on first use. A new chat
 * needs an active product of someone else; an existing one is answered whatever became of the product since.
 */
export async function openChat(deps: ChatDeps, buyer: SignedIn, productId: string): Promise<ChatRowView> {
  const chatId = await deps.db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, sellerId: products.sellerId, status: products.status, deletedAt: products.deletedAt })
      .from(products)
      .where(eq(products.id, productId));
    if (!product || !mayView(product, buyer)) throw new AppError("PRODUCT_NOT_FOUND");
    if (product.sellerId === buyer.id) throw new AppError("CANNOT_MESSAGE_OWN_PRODUCT");
    const ofBuyer = and(eq(chats.productId, productId), eq(chats.buyerId, buyer.id));
    const [existing] = await tx.select({ id: chats.id }).from(chats).where(ofBuyer);
    if (existing) return existing.id;
    if (product.status !== "active" || product.deletedAt !== null) throw new AppError("PRODUCT_NOT_AVAILABLE");
    const [created] = await tx
      .insert(chats)
      .values({ productId, buyerId: buyer.id, sellerId: product.sellerId })
      .onConflictDoNothing()
      .returning({ id: chats.id });
    if (created) return created.id;
    // Another tab of the same buyer created it between our read and insert.
    const [raced] = await tx.select({ id: chats.id }).from(chats).where(ofBuyer);
    return raced!.id;
  });
  return getChatRow(deps, chatId, buyer.id);
}

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
    view: { message, senderUsername: sender.username, product: null, mayReadGoods: false, deal: null },
  };
}

/**
 * The chat of (product, buyer) inside the caller's transaction, created when there is none: a purchase posts
 * its card there. The caller has checked the product and the buyer.
 */
export async function chatForPurchase(tx: Db, chat: Pick<Chat, "productId" | "buyerId" | "sellerId">): Promise<Chat> {
  const ofBuyer = and(eq(chats.productId, chat.productId), eq(chats.buyerId, chat.buyerId));
  const [created] = await tx.insert(chats).values(chat).onConflictDoNothing().returning();
  if (created) return created;
  const [existing] = await tx.select().from(chats).where(ofBuyer);
  return existing!;
}

/**
 * A deal's message (its purchase card, or a system message whose text is a deal event) stored in the caller's
 * transaction, so the message exists exactly when the transition does; the chat moves to the top of both lists.
 */
export function insertDealMessage(
  tx: Db,
  chatId: string,
  messageType: "purchase_info" | "system",
  text: string,
  at: Date,
): Promise<Message> {
  return storeMessage(tx, { chatId, senderId: null, text, messageType, createdAt: at });
}

/**
 * A stored deal message as each of its audiences sees it (a purchase card differs per viewer: is_owner, the
 * goods): the buyer, the seller, and admins reading the chat.
 */
export async function dealMessageViews(
  deps: ChatDeps,
  messageId: string,
): Promise<{ chat: Chat; buyer: MessageView; seller: MessageView; reader: MessageView }> {
  const [row] = await deps.db
    .select({ message: messages, chat: chats })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(eq(messages.id, messageId));
  if (!row) throw new AppError("CHAT_NOT_FOUND");
  const { chat, message } = row;
  // The card's product and deal are the same for every audience; only who may read the goods differs.
  const card = message.messageType === "purchase_info" ? await productCard(deps, chat) : NO_CARD;
  // The chat's deals are all its buyer's, and all but the latest were refunded (which is how the product came back
  // on sale), so the card's deal alone tells whether the buyer owns the goods.
  const buyerHasGoods = card.deal !== null && (BUYER_HAS_GOODS as readonly string[]).includes(card.deal.status);
  const viewFor = (mayReadGoods: boolean): MessageView => ({
    message,
    senderUsername: null,
    ...card,
    mayReadGoods: card.product !== null && mayReadGoods,
  });
  return { chat, buyer: viewFor(buyerHasGoods), seller: viewFor(true), reader: viewFor(true) };
}

/** GET /products/get/chat/{chatId}: members and admins only (others CHAT_NOT_FOUND). */
export async function chatProductView(deps: ChatDeps, viewer: SignedIn, chatId: string): Promise<ChatProductView> {
  const { db } = deps;
  const [row] = await db.select().from(chats).where(eq(chats.id, chatId));
  ensureMayRead(row, viewer);
  const chat = row as Chat;
  const [[product], mayReadGoods, deal] = await Promise.all([
    loadProductViews(db, await db.select().from(products).where(eq(products.id, chat.productId))),
    buyerOrStaffHasGoods(db, chat, viewer),
    deps.latestDeal(db, chat.id),
  ]);
  // The chat's product exists: products are only ever soft-deleted.
  return { product: product!, mayReadGoods, deal };
}

/** `join_room`: the chat a reader may follow live, else CHAT_NOT_FOUND. */
export async function chatToFollow(deps: ChatDeps, viewer: SignedIn, chatId: string): Promise<Chat> {
  const [chat] = await deps.db.select().from(chats).where(eq(chats.id, chatId));
  ensureMayRead(chat, viewer);
  return chat as Chat;
}

/**
 * A user came online or went offline: going offline stores the last-seen time. Answers the users who share a
 * chat with them, who are the ones to tell, and the user's name for the event.
 */
export async function recordPresence(
  db: Db,
  userId: string,
  online: boolean,
  at: Date,
): Promise<{ username: string; lastSeen: Date | null; watchers: string[] }> {
  const username = online
    ? (await db.select({ username: users.username }).from(users).where(eq(users.id, userId)))[0]?.username
    : await recordLastSeen(db, userId, at);
  const partners = await db
    .selectDistinct({
      id: sql<string>`case when ${chats.buyerId} = ${userId} then ${chats.sellerId} else ${chats.buyerId} end`,
    })
    .from(chats)
    .where(or(eq(chats.buyerId, userId), eq(chats.sellerId, userId)));
  return {
    username: username ?? "",
    lastSeen: online ? null : at,
    watchers: partners.map((partner) => partner.id),
  };
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

/** Chats of a member with the other member, the last message and the unread count, in one query. */
async function loadChatRows(deps: ChatDeps, memberId: string, filter?: SQL): Promise<ChatRowView[]> {
  const otherId = sql`case when ${chats.buyerId} = ${memberId} then ${chats.sellerId} else ${chats.buyerId} end`;
  const last = lastMessageOfChat(deps.db);
  const rows = await deps.db
    .select({
      chat: chats,
      other: { id: users.id, username: users.username, avatarUrl: users.avatarUrl, lastSeenAt: users.lastSeenAt },
      last: { text: last.text, createdAt: last.createdAt, messageType: last.messageType },
      unreadCount: unreadCountFor(sql`${memberId}`),
    })
    .from(chats)
    .innerJoin(users, eq(users.id, otherId))
    .leftJoinLateral(last, sql`true`)
    .where(and(or(eq(chats.buyerId, memberId), eq(chats.sellerId, memberId)), filter))
    .orderBy(desc(chats.lastMessageAt), desc(chats.id));
  const online = await deps.presence.online([...new Set(rows.map((row) => row.other.id))]);
  return rows.map(({ chat, other, last: lastMessage, unreadCount }) => ({
    chat,
    other,
    isOnline: online.has(other.id),
    lastMessage,
    unreadCount: Number(unreadCount),
  }));
}

/** The chat's newest message, to join laterally to `chats`. */
function lastMessageOfChat(db: Db) {
  return db
    .select({ text: messages.text, createdAt: messages.createdAt, messageType: messages.messageType })
    .from(messages)
    .where(eq(messages.chatId, chats.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .as("last_message");
}

/** How many of the chat's messages the member has not read: those the other side sent (or the system posted). */
function unreadCountFor(memberId: SQLWrapper) {
  return sql<number>`(select count(*)::int from ${messages} m where m.chat_id = ${chats.id} and not m.is_read and m.sender_id is distinct from ${memberId})`;
}

/**
 * Purchase cards show the chat's product and latest deal as they are now; the goods only to the seller, admins
 * and the buyer who paid.
 */
async function withProductCards(
  deps: ChatDeps,
  chat: Chat,
  viewer: SignedIn,
  rows: Array<{ message: Message; senderUsername: string | null }>,
): Promise<MessageView[]> {
  const { product, deal } = rows.some((row) => row.message.messageType === "purchase_info")
    ? await productCard(deps, chat)
    : NO_CARD;
  const mayReadGoods = product !== null && (await buyerOrStaffHasGoods(deps.db, chat, viewer));
  return rows.map(({ message, senderUsername }) => {
    const isCard = message.messageType === "purchase_info";
    return { message, senderUsername, product: isCard ? product : null, mayReadGoods, deal: isCard ? deal : null };
  });
}

const NO_CARD = { product: null, deal: null } as const;

/** What a purchase card shows besides the goods: the chat's product and its latest deal. */
async function productCard(
  { db, latestDeal }: ChatDeps,
  chat: Chat,
): Promise<{ product: ProductView | null; deal: Deal | null }> {
  const [[product], deal] = await Promise.all([
    loadProductViews(db, await db.select().from(products).where(eq(products.id, chat.productId))),
    latestDeal(db, chat.id),
  ]);
  return { product: product ?? null, deal };
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
      createdAt: stored.createdAt,
    });
  return message!;
}

async function buyerOrStaffHasGoods(db: Db, chat: Chat, viewer: SignedIn): Promise<boolean> {
  if (viewer.role === "admin" || viewer.id === chat.sellerId) return true;
  if (viewer.id !== chat.buyerId) return false;
  const [deal] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.chatId, chat.id), eq(deals.buyerId, viewer.id), inArray(deals.status, [...BUYER_HAS_GOODS])))
    .limit(1);
  return deal !== undefined;
}
