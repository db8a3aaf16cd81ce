import type { ChatListItem, ChatMessage } from "@lootlane/contract";

export const MIRA_ID = "6f1c2b7e-1d2a-4b8e-9a51-2f3c4d5e6f70";
export const ALEX_ID = "0b7e1c52-0c43-4c55-a3c3-2d3d4a5b6c7d";

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
    ...overrides,
  };
}
