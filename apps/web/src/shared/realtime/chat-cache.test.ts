import { QueryClient } from "@tanstack/react-query";
import type { ChatMessage } from "@lootlane/contract";
import { describe, expect, it } from "vitest";
import { addMessageToCache, chatMessagesQueryKey, messagesOf, type ChatMessagePages } from "./chat-cache";

const CHAT = "33333333-0000-4000-8000-000000000001";

function message(n: number): ChatMessage {
  return {
    id: `44444444-0000-4000-8000-00000000000${n}`,
    chat_room_id: CHAT,
    sender_id: null,
    sender_username: "alex",
    text: `Message ${n}`,
    message_type: "text",
    is_read: false,
    created_at: `2025-11-20T10:00:0${n}.000Z`,
    product: null,
    off_platform: [],
    attachments: [],
    from_admin: false,
  };
}

describe("addMessageToCache", () => {
  it("keeps a live message that arrives while a fetch of its chat, read before it was written, is under way", async () => {
    const queryClient = new QueryClient();
    const key = chatMessagesQueryKey(CHAT);
    queryClient.setQueryData<ChatMessagePages>(key, { pages: [[message(1)]], pageParams: [undefined] });
    let answer!: (pages: ChatMessagePages) => void;
    const refetch = queryClient.fetchQuery({
      queryKey: key,
      queryFn: () => new Promise<ChatMessagePages>((resolve) => (answer = resolve)),
    });

    addMessageToCache(queryClient, message(2));
    answer({ pages: [[message(1)]], pageParams: [undefined] });
    await refetch;

    expect(messagesOf(queryClient.getQueryData<ChatMessagePages>(key)).map((item) => item.text)).toEqual([
      "Message 1",
      "Message 2",
    ]);
  });

  it("adds a message once however often it arrives", () => {
    const queryClient = new QueryClient();
    const key = chatMessagesQueryKey(CHAT);
    queryClient.setQueryData<ChatMessagePages>(key, { pages: [[message(1)]], pageParams: [undefined] });

    addMessageToCache(queryClient, message(2));
    addMessageToCache(queryClient, message(2));

    expect(queryClient.getQueryData<ChatMessagePages>(key)?.pages).toEqual([[message(1), message(2)]]);
  });
});
