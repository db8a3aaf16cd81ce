import type { Deal } from "@lootlane/contract";
import type { Db } from "../../db/client.js";
import type { Chat, Message } from "../../db/schema/chats.js";
import type { Product } from "../../db/schema/catalog.js";
import type { User } from "../../db/schema/users.js";
import type { RateLimiter } from "../../platform/rate-limit/rate-limiter.js";
import type { PresenceStore } from "../../platform/realtime/presence.js";
import type { Clock } from "../../platform/time/clock.js";
import type { ProductView } from "../products/products.service.js";
import type { Viewer } from "../users/users.service.js";

/* What the chats module's answers show, shared by its services, presenter, routes and socket. */

/**
 * The deal a chat shows, as the API shows it. The deals module provides it at start-up: deals depend on chats
 * (a purchase opens its chat and posts into it), so chats must not import deals back.
 */
export type LatestDealOfChat = (db: Db, chatId: string) => Promise<Deal | null>;
/** Deals by id, as the API shows them: what each purchase card is about. Provided like LatestDealOfChat. */
export type DealsByIds = (db: Db, dealIds: readonly string[]) => Promise<Map<string, Deal>>;

export type ChatDeps = {
  db: Db;
  clock: Clock;
  presence: PresenceStore;
  limiter: RateLimiter;
  latestDeal: LatestDealOfChat;
  dealsByIds: DealsByIds;
};

export type ChatUserRow = Pick<User, "id" | "username" | "avatarUrl" | "lastSeenAt">;

/** What a chat is about, as its list row and header show it: the product and its first picture's thumbnail. */
export type ChatProductRow = Pick<Product, "id" | "title" | "priceKopecks" | "status"> & {
  thumbnailUrl: string | null;
};

/** A chat as one member's list shows it. */
export type ChatRowView = {
  chat: Chat;
  other: ChatUserRow;
  isOnline: boolean;
  lastMessage: Pick<Message, "text" | "createdAt" | "messageType"> | null;
  unreadCount: number;
  product: ChatProductRow;
};

/**
 * A message with what its answer shows: the sender's name and, for a purchase card, the product, the goods the
 * viewer may read (encrypted texts, shown one per line; null when none) and the card's own deal. `fromAdmin`:
 * an admin who is not a member wrote it (only admins write in chats not theirs, so it follows from the sender).
 */
export type MessageView = {
  message: Message;
  senderUsername: string | null;
  product: ProductView | null;
  goods: string[] | null;
  deal: Deal | null;
  fromAdmin: boolean;
};

/** The chat's product as a member or an admin sees it: the goods once the viewer may read them, and the latest deal. */
export type ChatProductView = { product: ProductView; goods: string[] | null; deal: Deal | null };

export type SignedIn = NonNullable<Viewer>;
