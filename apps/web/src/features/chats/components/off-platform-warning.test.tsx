import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@lootlane/contract";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { stubApi } from "@/test/stub-api";
import { setViewportWidth } from "@/test/viewport";
import { chatId, makeChat, makeMessage, MIRA_ID } from "../testing/chat-fixtures";

const mira = makeUser({ id: MIRA_ID, username: "mira" });
const fromMira = { sender_id: MIRA_ID, sender_username: "mira" };

function openChat(messages: ChatMessage[]) {
  stubApi({ "GET chats/": { body: [makeChat(1)] }, [`GET chats/${chatId(1)}/messages`]: { body: messages } });
  localStorage.setItem("selected-chat-id", chatId(1));
  renderApp("/chats", { user: mira });
}

const messages = [
  makeMessage(1, { text: "Write me on telegram, +7 999 123-45-67", off_platform: ["phone", "messenger"] }),
  makeMessage(2, { text: "Price is 1 500 руб" }),
  makeMessage(3, { ...fromMira, text: "my mail is mira@example.com", off_platform: ["email"] }),
  makeMessage(4, { ...fromMira, text: "ok, thanks" }),
];

describe("off-platform warning", () => {
  it("warns the reader of a flagged message, naming what it holds, and only under that message", async () => {
    openChat(messages);

    const warning = await screen.findByRole("note", {
      name: "This message contains a phone number and a messenger contact",
    });
    expect(warning).toHaveTextContent(
      "Paying or talking outside Lootlane loses the buyer protection: we can't help with deals made elsewhere.",
    );
    expect(screen.getAllByRole("note", { name: /^This message contains/ })).toHaveLength(1);
    // It follows the flagged message, before the next one.
    const log = screen.getByRole("log", { name: "Messages" });
    const order = [...log.children].map((element) => element.textContent);
    const flagged = order.findIndex((text) => text.includes("Write me on telegram"));
    expect(flagged).toBeGreaterThanOrEqual(0);
    expect(order[flagged + 1]).toContain("This message contains");
    expect(order[flagged + 2]).toContain("Price is 1 500 руб");
  });

  it("tells the sender only that their message was flagged", async () => {
    openChat(messages);

    const hint = await screen.findByRole("note", { name: "Flagged message" });
    expect(hint).toHaveTextContent(
      "Flagged: your message contains an e-mail address. Keep payment and talk on Lootlane so the deal stays protected.",
    );
    expect(hint).not.toHaveTextContent("loses the buyer protection");
    expect(screen.getAllByRole("note", { name: "Flagged message" })).toHaveLength(1);
  });

  it("shows nothing for ordinary messages", async () => {
    openChat([makeMessage(1, { text: "Price is 1 500 руб" }), makeMessage(2, { ...fromMira, text: "ok" })]);

    expect(await screen.findByText("Price is 1 500 руб")).toBeInTheDocument();
    expect(screen.queryByRole("note", { name: /^This message contains/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("note", { name: "Flagged message" })).not.toBeInTheDocument();
  });

  it("fits a phone", async () => {
    setViewportWidth(375);
    openChat(messages);

    const warning = await screen.findByRole("note", { name: /^This message contains/ });
    expect(within(warning).getByText(/loses the buyer protection/)).toBeVisible();
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      openChat(messages);

      const warning = await screen.findByRole("note", {
        name: "В этом сообщении номер телефона и контакт в мессенджере",
      });
      expect(warning).toHaveTextContent("Оплата или общение вне Lootlane лишают покупателя защиты");
      expect(screen.getByRole("note", { name: "Отмеченное сообщение" })).toHaveTextContent(
        "Сообщение отмечено: в нём адрес электронной почты.",
      );
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
