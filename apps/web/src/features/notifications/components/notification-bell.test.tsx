import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ChatListItem } from "@lootlane/contract";
import { FakeRealtime } from "@/shared/realtime/testing/fake-realtime";
import { makeUser, renderApp } from "@/test/render-app";
import { queriesOf, stubApi } from "@/test/stub-api";
import { CHAT_ID, EVENTS, makeNotification, notificationId, page, PRODUCT_ID } from "../testing/notification-fixtures";

// Journeys through real, lazily loaded screens: on a busy machine they need more than the default 5 s.
const JOURNEY_TIMEOUT_MS = 20_000;

const mira = makeUser({ username: "mira" });

const sale = makeNotification(4, EVENTS.sale);
const chat = makeNotification(3, EVENTS.chat_message, { count: 3 });
const rejected = makeNotification(2, EVENTS.product_rejected, { read: true });
const paid = makeNotification(1, EVENTS.withdrawal_paid, { read: true });

/** The bell in the header; its name says how many are unread. */
const bell = (count?: number) =>
  within(screen.getByRole("banner")).getByRole("button", {
    name: count ? new RegExp(`^Notifications\\s?, ${count} unread$`) : "Notifications",
  });

/** Signed in at 1280 px with the socket up, once the bell shows the first count. */
async function signedIn(unread: number, path = "/") {
  const realtime = new FakeRealtime();
  realtime.online = true;
  const app = renderApp(path, { user: mira, realtime });
  await waitFor(() => expect(bell(unread)).toBeInTheDocument());
  return app;
}

async function openList(events: ReturnType<typeof renderApp>["events"], unread: number) {
  await events.click(bell(unread));
  const dialog = await screen.findByRole("dialog", { name: /^Notifications/ });
  return within(dialog).findByRole("list", { name: "Notifications" });
}

const itemTitles = (list: HTMLElement) =>
  within(list)
    .getAllByRole("link")
    .map((link) => link.querySelector("p")?.textContent);

describe("the bell", { timeout: JOURNEY_TIMEOUT_MS }, () => {
  it("shows the unread count once live, as '99+' above 99, and nothing at 0", async () => {
    stubApi({ "GET notifications/unread-count": { body: { unread_count: 3 } } });
    const { realtime } = await signedIn(3);
    expect(within(bell(3)).getByText("3")).toBeInTheDocument();

    act(() => realtime.emit("notifications_read", { unread_count: 150 }));
    await waitFor(() => expect(within(bell(150)).getByText("99+")).toBeInTheDocument());

    act(() => realtime.emit("notifications_read", { unread_count: 0 }));
    await waitFor(() => expect(bell()).toBeInTheDocument());
    expect(bell()).toHaveTextContent("");
  });

  it("lists the newest first in words built from each event, and loads more by the cursor", async () => {
    stubApi({
      "GET notifications/unread-count": { body: { unread_count: 2 } },
      "GET notifications": [
        { body: page([sale, chat], { next_cursor: "cursor-2", unread_count: 2 }) },
        { body: page([rejected, paid], { unread_count: 2 }) },
      ],
    });
    const { events } = await signedIn(2);

    const list = await openList(events, 2);
    expect(itemTitles(list)).toEqual(["You sold “Dota 2 account”", "3 new messages from alex"]);
    const [saleLink] = within(list).getAllByRole("link");
    expect(saleLink).toHaveAccessibleName(/alex bought 2 items for 1\s500,50\s₽\. Delivered automatically: #3, #4\./);
    expect(saleLink).toHaveAccessibleName(/Unread$/);
    expect(saleLink).toHaveAttribute("href", `/chats?chat=${CHAT_ID}`);

    await events.click(screen.getByRole("button", { name: "Load more" }));

    await waitFor(() =>
      expect(itemTitles(list)).toEqual([
        "You sold “Dota 2 account”",
        "3 new messages from alex",
        "Listing rejected: “Steam key”",
        "Withdrawal paid",
      ]),
    );
    expect(within(list).getAllByRole("link")[2]).not.toHaveAccessibleName(/Unread$/);
    expect(within(list).getAllByRole("link")[2]).toHaveAttribute("href", `/product/${PRODUCT_ID}`);
    expect(queriesOf("notifications")).toEqual([{ limit: "20" }, { limit: "20", before: "cursor-2" }]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("reads an item when it is opened, and goes where it links", async () => {
    const api = stubApi({
      "GET notifications/unread-count": { body: { unread_count: 2 } },
      "GET notifications": { body: page([sale, chat]) },
      "POST notifications/read": { body: { unread_count: 1 } },
    });
    const { events, router } = await signedIn(2);
    const list = await openList(events, 2);

    await events.click(within(list).getByRole("link", { name: /^You sold/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/chats"));
    expect(api.bodiesOf("POST notifications/read")).toEqual([{ ids: [sale.id] }]);
    await waitFor(() => expect(bell(1)).toBeInTheDocument());
    expect(screen.queryByRole("dialog", { name: /^Notifications/ })).not.toBeInTheDocument();
  });

  it("marks all read", async () => {
    const api = stubApi({
      "GET notifications/unread-count": { body: { unread_count: 2 } },
      "GET notifications": { body: page([sale, chat, paid]) },
      "POST notifications/read": { body: { unread_count: 0 } },
    });
    const { events } = await signedIn(2);
    const list = await openList(events, 2);

    await events.click(screen.getByRole("button", { name: "Mark all read" }));

    await waitFor(() => expect(bell()).toBeInTheDocument());
    expect(api.bodiesOf("POST notifications/read")).toEqual([{ all: true }]);
    expect(within(list).queryAllByText("Unread")).toEqual([]);
    expect(screen.getByRole("button", { name: "Mark all read" })).toBeDisabled();
  });

  it("puts what arrives live at the top, a chat's row once however often it grows, and refetches after reads elsewhere", async () => {
    const grown = makeNotification(3, EVENTS.chat_message, { count: 4, created_at: "2025-11-20T11:00:00.000Z" });
    const api = stubApi({
      "GET notifications/unread-count": { body: { unread_count: 1 } },
      "GET notifications": [
        { body: page([chat, paid]) },
        { body: page([{ ...grown, read: true }, { ...sale, read: true }, paid]) },
      ],
    });
    const { events, realtime } = await signedIn(1);
    const list = await openList(events, 1);

    act(() => realtime.emit("notification", { notification: sale, unread_count: 2 }));
    await waitFor(() => expect(bell(2)).toBeInTheDocument());
    expect(itemTitles(list)).toEqual(["You sold “Dota 2 account”", "3 new messages from alex", "Withdrawal paid"]);

    act(() => realtime.emit("notification", { notification: grown, unread_count: 2 }));
    await waitFor(() =>
      expect(itemTitles(list)).toEqual(["4 new messages from alex", "You sold “Dota 2 account”", "Withdrawal paid"]),
    );

    act(() => realtime.emit("notifications_read", { unread_count: 0 }));
    await waitFor(() => expect(api.calls.filter((call) => call.route === "GET notifications")).toHaveLength(2));
    await waitFor(() => expect(within(list).queryAllByText("Unread")).toEqual([]));
    expect(bell()).toBeInTheDocument();
  });

  it("neither counts nor keeps unread a message in the chat the user has open", async () => {
    const openChat: ChatListItem = {
      id: CHAT_ID,
      another_user: { username: "alex", avatar_url: "", is_online: true, last_seen: null },
      last_message: { text: "Hi", created_at: "2025-11-20T10:00:00.000Z", message_type: "text" },
      unread_count: 0,
      product: { id: PRODUCT_ID, title: "Dota 2 account", price: 1500, status: "active", thumbnail_url: "" },
    };
    const api = stubApi({
      "GET notifications/unread-count": { body: { unread_count: 0 } },
      "GET chats/": { body: [openChat] },
      [`GET chats/${CHAT_ID}/messages`]: { body: [] },
      "POST notifications/read": { body: { unread_count: 0 } },
    });
    localStorage.setItem("selected-chat-id", CHAT_ID);
    const { realtime } = await signedIn(0, "/chats");
    await screen.findByRole("region", { name: /alex/ });

    const message = makeNotification(5, EVENTS.chat_message);
    act(() => realtime.emit("notification", { notification: message, unread_count: 1 }));

    await waitFor(() => expect(api.bodiesOf("POST notifications/read")).toEqual([{ ids: [message.id] }]));
    expect(bell()).toBeInTheDocument();

    const elsewhere = makeNotification(6, {
      ...EVENTS.chat_message,
      params: { ...EVENTS.chat_message.params, chat_id: notificationId(99) },
    });
    act(() => realtime.emit("notification", { notification: elsewhere, unread_count: 1 }));
    await waitFor(() => expect(bell(1)).toBeInTheDocument());
    expect(api.bodiesOf("POST notifications/read")).toHaveLength(1);
  });

  it("sits in the admin area's header too", async () => {
    stubApi({ "GET notifications/unread-count": { body: { unread_count: 4 } } });
    const realtime = new FakeRealtime();
    realtime.online = true;
    renderApp("/admin", { user: makeUser({ role: "admin" }), realtime });

    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    await waitFor(() => expect(bell(4)).toBeInTheDocument());
  });
});
