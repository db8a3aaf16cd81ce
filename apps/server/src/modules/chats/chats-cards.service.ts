import type { Deal } from "@lootlane/contract";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema/catalog.js";
import { chats, messages, type Chat, type Message } from "../../db/schema/chats.js";
import { deals } from "../../db/schema/deals.js";
import { AppError } from "../../platform/errors/app-error.js";
import { loadProductViews, unitsOfDeals, type ProductView } from "../products/products.service.js";
import { ensureMayRead, isMember } from "./chats.access.js";
import type { ChatDeps, ChatProductView, MessageView, SignedIn } from "./chats.views.js";

/*
 * Purchase cards and the chat's product: the product as it is now with, on each card, the deal that card is about
 * (its own snapshot of what was bought), and on the chat's product its latest deal; the goods only for the seller,
 * admins and the buyer who paid. The seller and admins read the listing's goods (its note, or its
 * one unit); the buyer reads the note, or, without one, the units their own deals took, never another buyer's.
 */

/** Deal states in which the buyer owns the goods and may read them on the purchase card. */
const BUYER_HAS_GOODS = ["purchased", "completed", "disputed"] as const;

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
  const isCard = message.messageType === "purchase_info";
  const { product, deals: cardDeals } = isCard ? await productCard(deps, chat, [message]) : NO_CARD;
  const card = { product, deal: cardDealOf(message, cardDeals) };
  const viewFor = (goods: string[] | null): MessageView => ({
    message,
    senderUsername: null,
    ...card,
    goods,
    fromAdmin: false,
  });
  if (card.product === null) return { chat, buyer: viewFor(null), seller: viewFor(null), reader: viewFor(null) };
  const staff = staffGoods(card.product);
  return {
    chat,
    buyer: viewFor(await buyerGoods(deps.db, chat, card.product)),
    seller: viewFor(staff),
    reader: viewFor(staff),
  };
}

/** GET /products/get/chat/{chatId}: members and admins only (others CHAT_NOT_FOUND). */
export async function chatProductView(deps: ChatDeps, viewer: SignedIn, chatId: string): Promise<ChatProductView> {
  const { db } = deps;
  const [row] = await db.select().from(chats).where(eq(chats.id, chatId));
  ensureMayRead(row, viewer);
  const chat = row as Chat;
  const [[product], deal] = await Promise.all([
    loadProductViews(db, await db.select().from(products).where(eq(products.id, chat.productId))),
    deps.latestDeal(db, chat.id),
  ]);
  // The chat's product exists: products are only ever soft-deleted.
  return { product: product!, goods: await goodsFor(db, chat, viewer, product!), deal };
}

/** Purchase cards show the chat's product as it is now and their own deal; the goods as goodsFor decides. */
export async function withProductCards(
  deps: ChatDeps,
  chat: Chat,
  viewer: SignedIn,
  rows: Array<{ message: Message; senderUsername: string | null }>,
): Promise<MessageView[]> {
  const cards = rows.map((row) => row.message).filter((message) => message.messageType === "purchase_info");
  const { product, deals: cardDeals } = cards.length > 0 ? await productCard(deps, chat, cards) : NO_CARD;
  const goods = product === null ? null : await goodsFor(deps.db, chat, viewer, product);
  return rows.map(({ message, senderUsername }) => {
    const isCard = message.messageType === "purchase_info";
    return {
      message,
      senderUsername,
      product: isCard ? product : null,
      goods,
      deal: cardDealOf(message, cardDeals),
      fromAdmin: message.senderId !== null && !isMember(chat, message.senderId),
    };
  });
}

const NO_CARD = { product: null, deals: new Map<string, Deal>() } as const;

/** What purchase cards show besides the goods: the chat's product and the deals the cards are about. */
async function productCard(
  { db, dealsByIds }: ChatDeps,
  chat: Chat,
  cards: readonly Message[],
): Promise<{ product: ProductView | null; deals: Map<string, Deal> }> {
  const [[product], deals] = await Promise.all([
    loadProductViews(db, await db.select().from(products).where(eq(products.id, chat.productId))),
    dealsByIds(
      db,
      cards.flatMap((card) => card.dealId ?? []),
    ),
  ]);
  return { product: product ?? null, deals };
}

function cardDealOf(message: Message, deals: ReadonlyMap<string, Deal>): Deal | null {
  return message.messageType === "purchase_info" && message.dealId !== null
    ? (deals.get(message.dealId) ?? null)
    : null;
}

/** The goods `viewer` may read in the chat, encrypted, one text each: see the top of this file. */
async function goodsFor(db: Db, chat: Chat, viewer: SignedIn, product: ProductView): Promise<string[] | null> {
  if (viewer.role === "admin" || viewer.id === chat.sellerId) return staffGoods(product);
  return viewer.id === chat.buyerId ? buyerGoods(db, chat, product) : null;
}

function staffGoods(product: ProductView): string[] | null {
  return product.goods === null ? null : [product.goods];
}

/** What the chat's buyer holds once a deal of theirs is paid and not refunded. */
async function buyerGoods(db: Db, chat: Chat, product: ProductView): Promise<string[] | null> {
  const owned = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.chatId, chat.id), eq(deals.buyerId, chat.buyerId), inArray(deals.status, [...BUYER_HAS_GOODS])))
    .orderBy(asc(deals.createdAt), asc(deals.id));
  if (owned.length === 0) return null;
  const note = product.product.productDataEncrypted;
  if (note !== null) return [note];
  const units = await unitsOfDeals(
    db,
    owned.map((deal) => deal.id),
  );
  return owned.flatMap((deal) => units.get(deal.id) ?? []);
}
