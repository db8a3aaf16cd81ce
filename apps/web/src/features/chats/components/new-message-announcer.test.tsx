import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/shared/i18n/i18n";
import { FakeRealtime } from "@/shared/realtime/testing/fake-realtime";
import { makeUser, renderApp } from "@/test/render-app";
import { stubApi } from "@/test/stub-api";
import { ALEX_ID, chatId, makeChat, makeMessage, MIRA_ID } from "../testing/chat-fixtures";

const mira = makeUser({ id: MIRA_ID, username: "mira" });
const alexChat = makeChat(1, {
  another_user: { username: "alex", avatar_url: "", is_online: true, last_seen: null },
});

/** The chat with alex open, its history loaded, and a live connection to push messages through. */
async function openChat() {
  stubApi({
    "GET chats/": { body: [alexChat] },
    [`GET chats/${chatId(1)}/messages`]: { body: [makeMessage(1, { text: "Is it still for sale?" })] },
  });
  localStorage.setItem("selected-chat-id", chatId(1));
  const realtime = new FakeRealtime();
  realtime.online = true;
  renderApp("/chats", { user: mira, realtime });
  await screen.findByText("Is it still for sale?", undefined, { timeout: 15_000 });
  return realtime;
}

/** Pushes a message; the query cache tells the screen on a `setTimeout(0)`. */
async function receive(realtime: FakeRealtime, message: ReturnType<typeof makeMessage>) {
  await act(async () => {
    realtime.emit("new_message", message);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** The conversation's polite live region: what a screen reader reads out when it changes. */
function announcement() {
  const region = screen.getByRole("region", { name: /alex/ }).querySelector('[aria-live="polite"]');
  if (!region) throw new Error("the conversation has no polite live region");
  return region;
}

describe("new chat messages for screen readers", () => {
  it("announces an incoming message's author and text politely, not the history or the reader's own message", async () => {
    const realtime = await openChat();

    expect(announcement()).toHaveTextContent(/^$/);
    expect(screen.getByRole("log", { name: "Messages" })).toHaveAttribute("aria-live", "off");

    await receive(
      realtime,
      makeMessage(2, { text: "Sure, I can send it now", sender_id: MIRA_ID, sender_username: "mira" }),
    );
    await screen.findByText("Sure, I can send it now", undefined, { timeout: 15_000 });
    expect(announcement()).toHaveTextContent(/^$/);

    await receive(realtime, makeMessage(3, { text: "Great, buying", sender_id: ALEX_ID }));
    await waitFor(() => expect(announcement()).toHaveTextContent("New message from alex: Great, buying"), {
      timeout: 15_000,
    });
  }, 30_000);

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      const realtime = await openChat();
      await receive(realtime, makeMessage(2, { text: "Беру", sender_id: ALEX_ID }));
      await waitFor(() => expect(announcement()).toHaveTextContent("Новое сообщение от alex: Беру"), {
        timeout: 15_000,
      });
    } finally {
      await i18n.changeLanguage("en");
    }
  }, 30_000);
});
