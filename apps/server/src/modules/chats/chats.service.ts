import { and, asc, desc, eq, or, sql, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { preparedOn, unplannedPlaceholder } from "../../db/prepared.js";
import { productImages, products } from "../../db/schema/catalog.js";
import { chats, messages, type Chat } from "../../db/schema/chats.js";
import { users } from "../../db/schema/users.js";
import { AppError } from "../../platform/errors/app-error.js";
import { mayView } from "../products/products.service.js";
import { ensureMayRead } from "./chats.access.js";
import type { ChatListCache } from "./chats-list.cache.js";
import { chatOpened } from "./chats.events.js";
import type { ChatDeps, ChatRowView, ChatUserRow, SignedIn } from "./chats.views.js";

/*
 * Chats themselves: the lists, opening one, following one live. Other modules use the chats module through this
 * file: a purchase opens its chat here and posts its messages through insertDealMessage.
 */

export { insertDealMessage } from "./chats-messages.service.js";
export { blankMessagesOf } from "./chats-account.service.js";

/**
 * GET /chats/: the viewer's chats, most recent activity first (a chat without messages by its creation), from the
 * lists kept in memory (chats-list.cache.ts).
 */
export async function listChats(deps: ChatDeps, lists: ChatListCache, viewer: SignedIn): Promise<ChatRowView[]> {
  return presentRows(deps, await lists.get(viewer.id));
}

/** A member's chats as their list shows them but who is online: what chats-list.cache.ts keeps. */
export function chatRowsOf(db: Db, memberId: string): Promise<ChatRow[]> {
  return chatRowsOfMember(db).execute({ memberId });
}

/** One chat as a member's list shows it: the answer of POST /chats/ and the `chat_updated` event. */
export async function getChatRow(deps: ChatDeps, chatId: string, memberId: string): Promise<ChatRowView> {
  const [row] = await presentRows(deps, await chatRowOfMember(deps.db).execute({ memberId, chatId }));
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
  const cover = coverOfChatProduct(deps.db);
  const [row] = await deps.db
    .select({
      chat: chats,
      buyer: { id: buyer.id, username: buyer.username, avatarUrl: buyer.avatarUrl, lastSeenAt: buyer.lastSeenAt },
      seller: { id: seller.id, username: seller.username, avatarUrl: seller.avatarUrl, lastSeenAt: seller.lastSeenAt },
      last: { text: last.text, createdAt: last.createdAt, messageType: last.messageType },
      product: productSummaryColumns,
      cover: { thumbnailUrl: cover.thumbnailUrl },
      buyerUnread: unreadCountFor(chats.buyerId),
      sellerUnread: unreadCountFor(chats.sellerId),
    })
    .from(chats)
    .innerJoin(buyer, eq(buyer.id, chats.buyerId))
    .innerJoin(seller, eq(seller.id, chats.sellerId))
    .innerJoin(products, eq(products.id, chats.productId))
    .leftJoinLateral(last, sql`true`)
    .leftJoinLateral(cover, sql`true`)
    .where(eq(chats.id, chatId));
  if (!row) throw new AppError("CHAT_NOT_FOUND");
  const online = await deps.presence.online([row.buyer.id, row.seller.id]);
  const view = (other: ChatUserRow, unreadCount: number): ChatRowView => ({
    chat: row.chat,
    other,
    isOnline: online.has(other.id),
    lastMessage: row.last,
    unreadCount: Number(unreadCount),
    product: { ...row.product, thumbnailUrl: row.cover?.thumbnailUrl ?? null },
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
    if (created) {
      chatOpened(tx, { buyerId: buyer.id, sellerId: product.sellerId });
      return created.id;
    }
    // Another tab of the same buyer created it between our read and insert.
    const [raced] = await tx.select({ id: chats.id }).from(chats).where(ofBuyer);
    return raced!.id;
  });
  return getChatRow(deps, chatId, buyer.id);
}

/**
 * The chat of (product, buyer) inside the caller's transaction, created when there is none: a purchase posts
 * its card there. The caller has checked the product and the buyer.
 */
export async function chatForPurchase(tx: Db, chat: Pick<Chat, "productId" | "buyerId" | "sellerId">): Promise<Chat> {
  const ofBuyer = and(eq(chats.productId, chat.productId), eq(chats.buyerId, chat.buyerId));
  const [created] = await tx.insert(chats).values(chat).onConflictDoNothing().returning();
  if (created) {
    chatOpened(tx, created);
    return created;
  }
  const [existing] = await tx.select().from(chats).where(ofBuyer);
  return existing!;
}

/** `join_room`: the chat a reader may follow live, else CHAT_NOT_FOUND. */
export async function chatToFollow(deps: ChatDeps, viewer: SignedIn, chatId: string): Promise<Chat> {
  const [chat] = await deps.db.select().from(chats).where(eq(chats.id, chatId));
  ensureMayRead(chat, viewer);
  return chat as Chat;
}

/**
 * Chats of a member with the other member, the last message and the unread count, in one query: all of them, or
 * the one named `chatId`. Prepared (db/prepared.ts): the list is read on every visit to the chats page and the one
 * chat on every message, for both of its members. The member is an unplanned placeholder: every plan walks the
 * member's chats by the buyer and seller indexes, and PostgreSQL otherwise planned the list again on every read.
 */
function chatRowsQuery(db: Db, oneChat: boolean) {
  const memberId = unplannedPlaceholder("memberId", "uuid");
  const otherId = sql`case when ${chats.buyerId} = ${memberId} then ${chats.sellerId} else ${chats.buyerId} end`;
  const last = lastMessageOfChat(db);
  const cover = coverOfChatProduct(db);
  return db
    .select({
      chat: chats,
      other: { id: users.id, username: users.username, avatarUrl: users.avatarUrl, lastSeenAt: users.lastSeenAt },
      last: { text: last.text, createdAt: last.createdAt, messageType: last.messageType },
      product: productSummaryColumns,
      cover: { thumbnailUrl: cover.thumbnailUrl },
      unreadCount: unreadCountFor(memberId),
    })
    .from(chats)
    .innerJoin(users, eq(users.id, otherId))
    .innerJoin(products, eq(products.id, chats.productId))
    .leftJoinLateral(last, sql`true`)
    .leftJoinLateral(cover, sql`true`)
    .where(
      and(
        or(eq(chats.buyerId, memberId), eq(chats.sellerId, memberId)),
        oneChat ? eq(chats.id, sql.placeholder("chatId")) : undefined,
      ),
    )
    .orderBy(desc(chats.lastMessageAt), desc(chats.id));
}

const chatRowsOfMember = preparedOn((db) => chatRowsQuery(db, false).prepare("chats_of_member"));
const chatRowOfMember = preparedOn((db) => chatRowsQuery(db, true).prepare("chat_of_member"));

export type ChatRow = Awaited<ReturnType<ReturnType<typeof chatRowsQuery>["execute"]>>[number];

async function presentRows(deps: ChatDeps, rows: ChatRow[]): Promise<ChatRowView[]> {
  const online = await deps.presence.online([...new Set(rows.map((row) => row.other.id))]);
  return rows.map(({ chat, other, last: lastMessage, product, cover: coverImage, unreadCount }) => ({
    chat,
    other,
    isOnline: online.has(other.id),
    lastMessage,
    unreadCount: Number(unreadCount),
    product: { ...product, thumbnailUrl: coverImage?.thumbnailUrl ?? null },
  }));
}

/** What a chat is about, as its list row shows it: read in the same statement as the row. */
const productSummaryColumns = {
  id: products.id,
  title: products.title,
  priceKopecks: products.priceKopecks,
  status: products.status,
};

/** The first picture of the chat's product (in the order its page shows them), to join laterally to `chats`. */
function coverOfChatProduct(db: Db) {
  return db
    .select({ thumbnailUrl: productImages.thumbnailUrl })
    .from(productImages)
    .where(eq(productImages.productId, chats.productId))
    .orderBy(asc(productImages.position), asc(productImages.createdAt), asc(productImages.id))
    .limit(1)
    .as("cover");
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
