import type { ChatListItem, ChatMessage, ChatProduct, ChatProductCard, Deal } from "@lootlane/contract";
import { makeCategory } from "@/shared/catalog/testing/catalog-fixtures";

export const MIRA_ID = "6f1c2b7e-1d2a-4b8e-9a51-2f3c4d5e6f70";
export const ALEX_ID = "0b7e1c52-0c43-4c55-a3c3-2d3d4a5b6c7d";
export const PRODUCT_ID = "00000000-0000-4000-8000-000000000007";
export const DEAL_ID = "55555555-0000-4000-8000-000000000001";

/** A valid uuid numbered `n`, so fixtures read as "chat 2" yet pass the contract's checks. */
export function chatId(n: number): string {
  return `33333333-0000-4000-8000-${n.toString().padStart(12, "0")}`;
}

export function messageId(n: number): string {
  return `44444444-0000-4000-8000-${n.toString().padStart(12, "0")}`;
}

export function makeChat(n: number, overrides: Partial<ChatListItem> = {}): ChatListItem {
  return {
    id: chatId(n),
    another_user: { username: `user${n}`, avatar_url: "", is_online: false, last_seen: null },
    last_message: { text: `Hello from chat ${n}`, created_at: "2025-11-20T10:00:00.000Z", message_type: "text" },
    unread_count: 0,
    product: {
      id: PRODUCT_ID,
      title: "Dota 2 account with Arcana",
      price: 12500,
      status: "active",
      thumbnail_url: "/media/a-thumb.png",
    },
    ...overrides,
  };
}

/** A text message in chat 1, by default from the other user. */
export function makeMessage(n: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: messageId(n),
    chat_room_id: chatId(1),
    sender_id: ALEX_ID,
    sender_username: "alex",
    text: `Message ${n}`,
    message_type: "text",
    is_read: true,
    created_at: `2025-11-20T10:${String(n % 60).padStart(2, "0")}:00.000Z`,
    product: null,
    off_platform: [],
    attachments: [],
    from_admin: false,
    ...overrides,
  };
}

/** The open deal of chat 1: mira bought alex's product and has not confirmed receipt yet. */
export function makeDeal(overrides: Partial<Deal> = {}): Deal {
  return {
    id: DEAL_ID,
    product: {
      id: PRODUCT_ID,
      title: "Dota 2 account with Arcana",
      thumbnail_url: "/media/a-thumb.png",
      status: "purchased",
    },
    price: 12500,
    unit_price: 12500,
    quantity: 1,
    delivery: "auto",
    items: ["login: arcana / password: hunter22"],
    commission: 0,
    status: "purchased",
    buyer: { id: MIRA_ID, username: "mira", avatar_url: "" },
    seller: { id: ALEX_ID, username: "alex", avatar_url: "" },
    chat_id: chatId(1),
    created_at: "2025-11-20T10:00:00.000Z",
    auto_confirm_at: "2025-11-23T10:00:00.000Z",
    closed_at: null,
    dispute: null,
    review_id: null,
    guarantee_until: null,
    guarantee_released_at: null,
    ...overrides,
  };
}

/** The product card of chat 1's purchase as its buyer sees it: the goods revealed, the deal open. */
export function makeProductCard(overrides: Partial<ChatProductCard> = {}): ChatProductCard {
  return {
    id: PRODUCT_ID,
    title: "Dota 2 account with Arcana",
    price: 12500,
    seller: { username: "alex", avatar_url: "", rating: 5 },
    images: [
      { id: "22222222-0000-4000-8000-000000000001", image_url: "/media/a.png", thumbnail_url: "/media/a-thumb.png" },
    ],
    status: "purchased",
    is_owner: false,
    product_data_string: "login: arcana / password: hunter22",
    deal: makeDeal(),
    ...overrides,
  };
}

/** The GET /products/get/chat/{chatId} answer for a card: the same product with its full details. */
export function makeChatProduct(card: ChatProductCard): ChatProduct {
  return {
    ...card,
    description: "Immortal rank, all heroes.",
    is_sold: card.status === "purchased" || card.status === "completed",
    created_at: "2025-11-01T10:00:00.000Z",
    delivery: "auto",
    in_stock: 0,
    status_reason: null,
    category: makeCategory(1, { name: "Dota 2", slug: "dota-2" }),
  };
}

/** Chat 1's purchase_info message carrying `card`. */
export function makePurchaseMessage(n: number, card: ChatProductCard = makeProductCard()): ChatMessage {
  return makeMessage(n, {
    message_type: "purchase_info",
    sender_id: null,
    sender_username: null,
    text: "",
    product: card,
  });
}
