import {
  findOffPlatformContacts,
  kopecksToRoubles,
  type ChatListItem,
  type ChatMessage,
  type ChatProduct,
  type ChatProductCard,
  type Deal,
  type MessageAttachment,
  type PresenceEvent,
} from "@lootlane/contract";
import type { MessageAttachment as StoredAttachment } from "../../db/schema/chats.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { mediaUrl } from "../../platform/media/media-key.js";
import { presentProduct } from "../products/products.presenter.js";
import type { ProductView } from "../products/products.service.js";
import type { Viewer } from "../users/users.service.js";
import type { ChatProductView, ChatRowView, MessageView } from "./chats.views.js";

/*
 * Rows become contract objects here and nowhere else. Message text is passed on as plain text: it is never
 * turned into HTML on either side. The goods on a purchase card are decrypted only when the service allowed it.
 */

export function presentChatListItem({
  chat,
  other,
  isOnline,
  lastMessage,
  unreadCount,
  product,
}: ChatRowView): ChatListItem {
  return {
    id: chat.id,
    another_user: {
      username: other.username,
      avatar_url: other.avatarUrl,
      is_online: isOnline,
      last_seen: isOnline || other.lastSeenAt === null ? null : other.lastSeenAt.toISOString(),
    },
    last_message: lastMessage && {
      text: lastMessage.text,
      created_at: lastMessage.createdAt.toISOString(),
      message_type: lastMessage.messageType,
    },
    unread_count: unreadCount,
    product: {
      id: product.id,
      title: product.title,
      // Prices are whole roubles, stored as kopecks.
      price: kopecksToRoubles(product.priceKopecks),
      status: product.status,
      thumbnail_url: product.thumbnailUrl,
    },
  };
}

export function presentMessage(
  { message, senderUsername, product, goods, deal, fromAdmin }: MessageView,
  viewerId: string,
  cipher: DataCipher,
): ChatMessage {
  return {
    id: message.id,
    chat_room_id: message.chatId,
    sender_id: message.senderId,
    sender_username: senderUsername,
    text: message.text,
    message_type: message.messageType,
    is_read: message.isRead,
    created_at: message.createdAt.toISOString(),
    product: product && presentProductCard(product, deal, viewerId, goods, cipher),
    // Only the two parties are warned about: the platform's own messages name products, whose titles are not
    // scanned, and an admin in a dispute may name an address on purpose.
    off_platform: message.messageType === "text" && !fromAdmin ? findOffPlatformContacts(message.text) : [],
    attachments: message.attachments.map(presentAttachment),
    from_admin: fromAdmin,
  };
}

/** Stored by media key, so the address follows the media store's public path wherever the files move. */
function presentAttachment({ key, thumbnailKey, width, height }: StoredAttachment): MessageAttachment {
  return { url: mediaUrl(key), thumbnail_url: mediaUrl(thumbnailKey), width, height };
}

export function presentPresence(
  userId: string,
  username: string,
  online: boolean,
  lastSeen: Date | null,
): PresenceEvent {
  return {
    user_id: userId,
    username,
    is_online: online,
    last_seen: online || lastSeen === null ? null : lastSeen.toISOString(),
  };
}

function presentProductCard(
  { product, seller, images }: ProductView,
  deal: Deal | null,
  viewerId: string,
  goods: string[] | null,
  cipher: DataCipher,
): ChatProductCard {
  return {
    id: product.id,
    title: product.title,
    // Prices are whole roubles, stored as kopecks.
    price: kopecksToRoubles(product.priceKopecks),
    seller: { username: seller.username, avatar_url: seller.avatarUrl, rating: seller.rating },
    images: images.map((image) => ({ id: image.id, image_url: image.imageUrl, thumbnail_url: image.thumbnailUrl })),
    status: product.status,
    is_owner: product.sellerId === viewerId,
    product_data_string: readGoods(goods, cipher),
    deal,
  };
}

/** GET /products/get/chat/{chatId}: the product as its page shows it, the goods as the service decided. */
export function presentChatProduct(
  { product, goods, deal }: ChatProductView,
  viewer: NonNullable<Viewer>,
  cipher: DataCipher,
): ChatProduct {
  return {
    ...presentProduct(product, { viewer, cipher }),
    product_data_string: readGoods(goods, cipher),
    deal,
  };
}

function readGoods(goods: string[] | null, cipher: DataCipher): string | null {
  return goods === null ? null : goods.map((text) => cipher.decrypt(text)).join("\n");
}
