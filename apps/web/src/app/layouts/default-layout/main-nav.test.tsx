import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { chatId, makeChat, MIRA_ID } from "@/features/chats/testing/chat-fixtures";
import { FakeRealtime } from "@/shared/realtime/testing/fake-realtime";
import { makeUser, renderApp } from "@/test/render-app";
import { stubApi } from "@/test/stub-api";

/** The link's name: its label, then the count the visible badge shows (the name computation may space the comma). */
const unread = (count: number) => new RegExp(`^Chats\\s?, ${count} unread$`);

describe("Chats navigation badge", () => {
  it("counts unread messages over all chats once live, and follows chat_updated", async () => {
    stubApi({ "GET chats/": { body: [makeChat(1, { unread_count: 2 }), makeChat(2, { unread_count: 1 })] } });
    const realtime = new FakeRealtime();
    renderApp("/", { user: makeUser({ id: MIRA_ID }), realtime });

    expect(await screen.findByRole("link", { name: "Home" })).toBeInTheDocument();
    act(() => realtime.goOnline());

    expect(await screen.findByRole("link", { name: unread(3) })).toHaveAttribute("href", "/chats");
    act(() =>
      realtime.emit(
        "chat_updated",
        makeChat(2, {
          unread_count: 4,
          last_message: { text: "New", created_at: "2025-11-21T10:00:00.000Z", message_type: "text" },
        }),
      ),
    );
    expect(await screen.findByRole("link", { name: unread(6) })).toBeInTheDocument();
    act(() => realtime.emit("chat_updated", makeChat(1, { id: chatId(1), unread_count: 0 })));
    act(() => realtime.emit("chat_updated", makeChat(2, { unread_count: 0 })));
    expect(await screen.findByRole("link", { name: "Chats" })).toBeInTheDocument();
  });
});
