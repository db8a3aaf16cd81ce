import { QueryClient } from "@tanstack/react-query";
import type { ChatMessage } from "@lootlane/contract";
import { describe, expect, it } from "vitest";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import { chatMessagesQueryKey, chatProductQueryKey } from "./chat-cache";
import { syncChatCache } from "./realtime-cache-sync";
import { RealtimeConnection } from "./realtime-client";
import { FakeRealtime } from "./testing/fake-realtime";

const CHAT = "33333333-0000-4000-8000-000000000001";
const OTHER_CHAT = "33333333-0000-4000-8000-000000000002";

function message(type: ChatMessage["message_type"], chatRoomId = CHAT): ChatMessage {
  return {
    id: "44444444-0000-4000-8000-000000000009",
    chat_room_id: chatRoomId,
    sender_id: null,
    sender_username: null,
    text: type === "system" ? "confirmed" : "Hello",
    message_type: type,
    is_read: false,
    created_at: "2025-11-20T10:00:00.000Z",
    product: null,
    off_platform: [],
    attachments: [],
    from_admin: false,
  };
}

/** A cache holding both chats' messages and products and the signed-in user, synced from an open socket. */
function synced() {
  const realtime = new FakeRealtime();
  realtime.online = true;
  const queryClient = new QueryClient();
  for (const chat of [CHAT, OTHER_CHAT]) {
    queryClient.setQueryData(chatMessagesQueryKey(chat), { pages: [[]], pageParams: [undefined] });
    queryClient.setQueryData(chatProductQueryKey(chat), {});
  }
  queryClient.setQueryData(currentUserQueryKey, null);
  const connection = new RealtimeConnection(realtime.createSocket(), () => Promise.resolve());
  syncChatCache(connection, queryClient);
  connection.connect();
  const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { realtime, stale };
}

describe("realtime cache sync", () => {
  it.each(["system", "purchase_info"] as const)(
    "fetches the chat's deal and the balance again when a %s message arrives",
    (type) => {
      const { realtime, stale } = synced();

      realtime.emit("new_message", message(type));

      expect(stale(chatMessagesQueryKey(CHAT))).toBe(true);
      expect(stale(chatProductQueryKey(CHAT))).toBe(true);
      expect(stale(currentUserQueryKey)).toBe(true);
      expect(stale(chatProductQueryKey(OTHER_CHAT))).toBe(false);
    },
  );

  it("only adds a text message to its chat", () => {
    const { realtime, stale } = synced();

    realtime.emit("new_message", message("text"));

    expect(stale(chatMessagesQueryKey(CHAT))).toBe(false);
    expect(stale(chatProductQueryKey(CHAT))).toBe(false);
    expect(stale(currentUserQueryKey)).toBe(false);
  });
});
