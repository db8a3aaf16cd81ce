import { DELETED_ACCOUNT_MESSAGE_TEXT } from "@lootlane/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/shared/i18n/i18n";
import { FakeRealtime } from "@/shared/realtime/testing/fake-realtime";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { refusal, stubApi, type StubReply } from "@/test/stub-api";
import { setViewportWidth } from "@/test/viewport";
import {
  ALEX_ID,
  chatId,
  makeChat,
  makeChatProduct,
  makeDeal,
  makeMessage,
  makeProductCard,
  makePurchaseMessage,
  MIRA_ID,
} from "../testing/chat-fixtures";

const mira = makeUser({ id: MIRA_ID, username: "mira" });
const alexChat = makeChat(1, {
  another_user: { username: "alex", avatar_url: "", is_online: true, last_seen: null },
  last_message: { text: "x".repeat(80), created_at: "2025-11-20T10:00:00.000Z", message_type: "text" },
  unread_count: 2,
});
const silentChat = makeChat(2, {
  another_user: { username: "kate", avatar_url: "", is_online: false, last_seen: null },
  last_message: null,
});
const purchaseChat = makeChat(3, {
  another_user: { username: "oleg", avatar_url: "", is_online: false, last_seen: null },
  last_message: { text: "", created_at: "2025-11-19T10:00:00.000Z", message_type: "purchase_info" },
});
const messagesPath = `chats/${chatId(1)}/messages`;

function api(chats: StubReply, messages: StubReply = { body: [] }) {
  return stubApi({ "GET chats/": chats, [`GET ${messagesPath}`]: messages });
}

/**
 * Pushes a message and waits until the screen can show it: the query cache tells its observers on a
 * `setTimeout(0)`, so a check made right after the push would see the screen as it was.
 */
async function emitAndSettle(realtime: FakeRealtime, message: ReturnType<typeof makeMessage>) {
  realtime.emit("new_message", message);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function rows() {
  return within(screen.getByRole("navigation", { name: "Chat list" })).getAllByRole("button");
}

describe("chats screen", () => {
  it("shows a loading indicator, then the rows: name, time, 60-character preview, 'No messages', 'New purchase', unread", async () => {
    api({ body: [alexChat, silentChat, purchaseChat] });
    renderApp("/chats", { user: mira });

    expect(await screen.findByRole("status")).toBeInTheDocument();
    await screen.findByRole("navigation", { name: "Chat list" });
    const [alex, kate, oleg] = rows();
    expect(alex).toHaveTextContent("alex");
    expect(alex).toHaveTextContent(`${"x".repeat(57)}…`);
    expect(within(alex!).getByLabelText("2 unread messages")).toHaveTextContent("2");
    expect(alex).toHaveTextContent("20.11.2025");
    expect(kate).toHaveTextContent("No messages");
    expect(oleg).toHaveTextContent("New purchase");
    expect(screen.getByText("Select a chat")).toBeInTheDocument();
  });

  it("says what each chat is about: picture, title, price and status in the row and the header, which links to it", async () => {
    const soldChat = makeChat(4, {
      another_user: { username: "alex", avatar_url: "", is_online: true, last_seen: null },
      product: {
        ...makeChat(4).product,
        title: "Immortal treasure",
        price: 990,
        status: "purchased",
        thumbnail_url: null,
      },
    });
    api({ body: [alexChat, soldChat] });
    const { events } = renderApp("/chats", { user: mira });

    await screen.findByRole("navigation", { name: "Chat list" });
    const [arcana, treasure] = rows();
    expect(arcana).toHaveTextContent("Dota 2 account with Arcana12 500 ₽On sale");
    expect(arcana!.querySelector("img")).toHaveAttribute("src", "/media/a-thumb.png");
    expect(treasure).toHaveTextContent("Immortal treasure990 ₽Sold");
    expect(treasure!.querySelector("img")).toBeNull();

    await events.click(arcana!);
    const header = within(await screen.findByRole("region", { name: "Chat with alex" })).getByRole("group", {
      name: "What this chat is about",
    });
    expect(within(header).getByRole("link", { name: "Dota 2 account with Arcana" })).toHaveAttribute(
      "href",
      `/product/${alexChat.product.id}`,
    );
    expect(header).toHaveTextContent("12 500 ₽On sale");
  });

  it("names the product's status in Russian", async () => {
    api({ body: [makeChat(5, { product: { ...makeChat(5).product, status: "paused" } })] });
    await i18n.changeLanguage("ru");
    try {
      renderApp("/chats", { user: mira });
      const list = await screen.findByRole("navigation", { name: "Список чатов" });
      expect(within(list).getByRole("button")).toHaveTextContent("Dota 2 account with Arcana12 500 ₽На паузе");
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("shows the empty list text, and the error text when the list fails or has the wrong shape", async () => {
    api({ body: [] });
    renderApp("/chats", { user: mira });
    expect(await screen.findByText("Chat list is empty...")).toBeInTheDocument();
  });

  it("tells a failed list load from a list of an unexpected shape", async () => {
    api(refusal(500, "SERVER_ERROR", "Internal error"));
    renderApp("/chats", { user: mira });
    expect(await screen.findByText("The chats did not load")).toBeInTheDocument();
  });

  it("shows errorDataStructure for a list of an unexpected shape", async () => {
    api({ body: [{ id: "not-a-chat" }] });
    renderApp("/chats", { user: mira });
    expect(await screen.findByText("The chat data came in an unexpected form")).toBeInTheDocument();
  });

  it("opens a chat: header with the name and online label, own messages right in blue, others left, each with a time", async () => {
    api(
      { body: [alexChat] },
      {
        body: [
          makeMessage(1, { text: "<b>Hi</b>" }),
          makeMessage(2, { sender_id: MIRA_ID, sender_username: "mira", text: "Hello!" }),
        ],
      },
    );
    const { events } = renderApp("/chats", { user: mira });

    await events.click((await screen.findAllByRole("button", { name: /alex/ }))[0]!);

    const chat = await screen.findByRole("region", { name: "Chat with alex" });
    expect(within(chat).getByText("Online")).toBeInTheDocument();
    const theirs = await within(chat).findByText("<b>Hi</b>");
    expect(theirs.closest("[data-own]")).toBeNull();
    const mine = within(chat).getByText("Hello!").closest("[data-own]");
    expect(mine?.className).toMatch(/own/);
    expect(within(chat).getAllByLabelText(/^Sent /)).toHaveLength(2);
    expect(localStorage.getItem("selected-chat-id")).toBe(chatId(1));
    // Reading it clears the row's badge.
    await waitFor(() => expect(screen.queryByLabelText("2 unread messages")).not.toBeInTheDocument());
  });

  it("says in the reader's words that a deleted account's message is gone, in the chat and in its row", async () => {
    const gone = makeMessage(1, { text: DELETED_ACCOUNT_MESSAGE_TEXT });
    api({ body: [{ ...alexChat, last_message: gone }] }, { body: [gone] });
    localStorage.setItem("selected-chat-id", chatId(1));
    renderApp("/chats", { user: mira });

    const chat = await screen.findByRole("region", { name: "Chat with alex" });
    const said = "The author deleted their account; the message is gone";
    expect(await within(chat).findByText(said)).toBeInTheDocument();
    expect(within(screen.getByRole("navigation", { name: "Chat list" })).getByText(said)).toBeInTheDocument();
    expect(screen.queryByText(DELETED_ACCOUNT_MESSAGE_TEXT)).not.toBeInTheDocument();
  });

  it("restores the selected chat from local storage, and forgets one that is not in the list", async () => {
    localStorage.setItem("selected-chat-id", chatId(1));
    api({ body: [alexChat] });
    renderApp("/chats", { user: mira });
    expect(await screen.findByRole("region", { name: "Chat with alex" })).toBeInTheDocument();
  });

  it("drops a stored chat that is not in the list", async () => {
    localStorage.setItem("selected-chat-id", chatId(9));
    api({ body: [alexChat] });
    renderApp("/chats", { user: mira });
    expect(await screen.findByText("Select a chat")).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem("selected-chat-id")).toBeNull());
  });

  it("shows the empty conversation text and a purchase as a product card linking to the product", async () => {
    api({ body: [alexChat] }, { body: [] });
    localStorage.setItem("selected-chat-id", chatId(1));
    renderApp("/chats", { user: mira });
    expect(await screen.findByText("Messages list is empty")).toBeInTheDocument();
  });

  it("renders a purchase_info message as a product card", async () => {
    const product = makeProductCard({
      status: "completed",
      deal: makeDeal({ status: "completed" }),
      product_data_string: "login: arcana",
    });
    stubApi({
      "GET chats/": { body: [alexChat] },
      [`GET ${messagesPath}`]: { body: [makePurchaseMessage(1, product)] },
      [`GET products/get/chat/${chatId(1)}`]: { body: makeChatProduct(product) },
    });
    localStorage.setItem("selected-chat-id", chatId(1));
    renderApp("/chats", { user: mira });

    // The header names the product too; the card is in the messages.
    const log = await screen.findByRole("log", { name: "Messages" });
    expect(await within(log).findByRole("link", { name: "Dota 2 account with Arcana" })).toHaveAttribute(
      "href",
      `/product/${product.id}`,
    );
    expect(within(log).getByText("12 500 ₽")).toBeInTheDocument();
    expect(within(log).getByText("login: arcana")).toBeInTheDocument();
    expect(within(log).getByText("Confirm Receipted")).toBeInTheDocument();
  });

  it("sends with Enter, ignores blank text, keeps Shift+Enter as a new line, and shows the acknowledged message once", async () => {
    api({ body: [alexChat] }, { body: [] });
    localStorage.setItem("selected-chat-id", chatId(1));
    const realtime = new FakeRealtime();
    const sent = makeMessage(5, { sender_id: MIRA_ID, sender_username: "mira", text: "Is it still for sale?" });
    realtime.handle("send_message", () => ({ ok: true, message: sent }));
    realtime.online = true;
    const { events } = renderApp("/chats", { user: mira, realtime });

    const input = await screen.findByRole("textbox", { name: "Message" });
    await events.type(input, "   {Enter}");
    expect(realtime.sent("send_message")).toEqual([]);

    await fill(events, input, "Is it still for sale?");
    await events.type(input, "{Enter}");
    expect(await screen.findByText("Is it still for sale?", { selector: "span" })).toBeInTheDocument();
    expect(realtime.sent("send_message")).toEqual([{ chat_id: chatId(1), message: "Is it still for sale?" }]);
    expect(input).toHaveValue("");
    // The room's copy of the same message is not shown twice.
    await act(() => emitAndSettle(realtime, sent));
    expect(screen.getAllByText("Is it still for sale?", { selector: "span" })).toHaveLength(1);

    await events.type(input, "line one{Shift>}{Enter}{/Shift}line two");
    expect(input).toHaveValue("line one\nline two");
  });

  it("sends a message typed before the socket connected once it connects, not an error", async () => {
    api({ body: [alexChat] }, { body: [] });
    localStorage.setItem("selected-chat-id", chatId(1));
    const realtime = new FakeRealtime();
    const sent = makeMessage(5, { sender_id: MIRA_ID, sender_username: "mira", text: "Still there?" });
    realtime.handle("send_message", () => ({ ok: true, message: sent }));
    const { events } = renderApp("/chats", { user: mira, realtime });

    const input = await screen.findByRole("textbox", { name: "Message" });
    await fill(events, input, "Still there?");
    await events.type(input, "{Enter}");
    expect(realtime.sent("send_message")).toEqual([]);

    act(() => realtime.goOnline());
    expect(await screen.findByText("Still there?", { selector: "span" })).toBeInTheDocument();
    expect(realtime.sent("send_message")).toEqual([{ chat_id: chatId(1), message: "Still there?" }]);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("joins the open chat's room and appends live messages from the other user without duplicates", async () => {
    api({ body: [alexChat] }, { body: [makeMessage(1)] });
    localStorage.setItem("selected-chat-id", chatId(1));
    const realtime = new FakeRealtime();
    realtime.online = true;
    renderApp("/chats", { user: mira, realtime });

    await screen.findByText("Message 1");
    await waitFor(() => expect(realtime.sent("join_room")).toEqual([{ chat_id: chatId(1) }]));
    const live = makeMessage(2, { text: "Yes, it is", sender_id: ALEX_ID });
    await act(() => emitAndSettle(realtime, live));
    await act(() => emitAndSettle(realtime, live));
    expect(screen.getAllByText("Yes, it is")).toHaveLength(1);
    expect(realtime.sent("mark_read")).toContainEqual({ chat_id: chatId(1) });

    // After a dropped connection the room is joined again.
    act(() => realtime.goOffline());
    act(() => realtime.goOnline());
    expect(realtime.sent("join_room")).toEqual([{ chat_id: chatId(1) }, { chat_id: chatId(1) }]);
  });

  it("shows one pane at a time below 768 px, with a back arrow to the list", async () => {
    setViewportWidth(375);
    api({ body: [alexChat] }, { body: [] });
    const { events } = renderApp("/chats", { user: mira });

    await events.click((await screen.findAllByRole("button", { name: /alex/ }))[0]!);
    expect(await screen.findByRole("region", { name: "Chat with alex" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Chat list" })).not.toBeInTheDocument();

    await events.click(screen.getByRole("button", { name: "Back to the chat list" }));
    expect(await screen.findByRole("navigation", { name: "Chat list" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Chat with alex" })).not.toBeInTheDocument();
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      api({ body: [silentChat] });
      renderApp("/chats", { user: mira });
      expect(await screen.findByText("Нет сообщений")).toBeInTheDocument();
      expect(screen.getByText("Выберите чат")).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
