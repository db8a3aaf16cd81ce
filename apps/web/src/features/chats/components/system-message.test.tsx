import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { stubApi } from "@/test/stub-api";
import { chatId, makeChat, makeMessage, MIRA_ID } from "../testing/chat-fixtures";

const mira = makeUser({ id: MIRA_ID, username: "mira" });
const system = (n: number, text: string) =>
  makeMessage(n, { message_type: "system", sender_id: null, sender_username: null, text });
const chat = makeChat(1, {
  another_user: { username: "alex", avatar_url: "", is_online: true, last_seen: null },
  last_message: { text: "dispute_opened", created_at: "2025-11-20T10:00:00.000Z", message_type: "system" },
});

function openChat() {
  stubApi({
    "GET chats/": { body: [chat] },
    [`GET chats/${chatId(1)}/messages`]: {
      body: [system(1, "confirmed"), system(2, "dispute_opened"), system(3, "Maintenance at 03:00")],
    },
  });
  localStorage.setItem("selected-chat-id", chatId(1));
  renderApp("/chats", { user: mira });
}

describe("system messages", () => {
  it("show each deal event in words, set apart from what people wrote, and unknown texts as they came", async () => {
    openChat();

    const notes = await screen.findAllByRole("note", { name: "Deal update" });
    expect(notes).toHaveLength(3);
    expect(notes[0]).toHaveTextContent("The buyer confirmed receipt. The money went to the seller.");
    expect(notes[1]).toHaveTextContent(
      "The buyer opened a dispute. The money is on hold until an administrator resolves it.",
    );
    expect(notes[2]).toHaveTextContent("Maintenance at 03:00");
    expect(notes[0]?.closest("[data-own]")).toBeNull();
    const row = within(screen.getByRole("navigation", { name: "Chat list" })).getByRole("button");
    expect(row).toHaveTextContent("The buyer opened a dispute. The money is on hold until an…");
  });

  it("speak Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      openChat();
      expect(
        await screen.findByText("Покупатель подтвердил получение. Деньги перечислены продавцу."),
      ).toBeInTheDocument();
      expect(screen.getAllByText(/^Покупатель открыл спор/)).toHaveLength(2);
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
