import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ChatMessage, Deal, DealPage } from "@lootlane/contract";
import { formatDateTime } from "@/shared/format/date";
import { i18n } from "@/shared/i18n/i18n";
import { FakeRealtime } from "@/shared/realtime/testing/fake-realtime";
import { makeUser, renderApp } from "@/test/render-app";
import { queriesOf, refusal, stubApi } from "@/test/stub-api";
import { setViewportWidth } from "@/test/viewport";

const root = makeUser({ id: "00000000-0000-4000-8000-000000000001", username: "root", role: "admin" });
const MIRA = { id: "00000000-0000-4000-8000-000000000002", username: "mira", avatar_url: "" };
const ALEX = { id: "00000000-0000-4000-8000-000000000003", username: "alex", avatar_url: "" };
const DISPUTED_ID = "55555555-0000-4000-8000-000000000001";
const DISPUTED_CHAT = "33333333-0000-4000-8000-000000000001";
const RESOLVE = `POST admin/deals/${DISPUTED_ID}/resolve`;
const CHAT_MESSAGES = `GET chats/${DISPUTED_CHAT}/messages`;

function dealId(n: number): string {
  return `55555555-0000-4000-8000-${n.toString().padStart(12, "0")}`;
}

function makeDeal(n: number, overrides: Partial<Deal> = {}): Deal {
  return {
    id: dealId(n),
    product: {
      id: `00000000-0000-4000-8000-0000000001${n.toString().padStart(2, "0")}`,
      title: `Product ${n}`,
      thumbnail_url: null,
      status: "purchased",
    },
    price: 1000,
    unit_price: 1000,
    quantity: 1,
    delivery: "auto",
    items: [],
    commission: 50,
    status: "purchased",
    buyer: MIRA,
    seller: ALEX,
    chat_id: `33333333-0000-4000-8000-${n.toString().padStart(12, "0")}`,
    created_at: "2025-11-20T12:00:00.000Z",
    auto_confirm_at: "2025-11-23T12:00:00.000Z",
    closed_at: null,
    dispute: null,
    review_id: null,
    guarantee_until: null,
    guarantee_released_at: null,
    ...overrides,
  };
}

/** mira bought alex's Dota 2 account and reported it: the money waits on the admin. */
const disputed = makeDeal(1, {
  id: DISPUTED_ID,
  chat_id: DISPUTED_CHAT,
  product: {
    id: "00000000-0000-4000-8000-000000000007",
    title: "Dota 2 account with Arcana",
    thumbnail_url: "/media/a-thumb.png",
    status: "purchased",
  },
  price: 12500,
  unit_price: 12500,
  commission: 625,
  status: "disputed",
  created_at: "2025-11-18T12:00:00.000Z",
  dispute: {
    reason: "not_as_described",
    text: "The account has no Arcana at all",
    status: "open",
    resolution: null,
    created_at: "2025-11-19T12:00:00.000Z",
    resolved_at: null,
  },
});
const released: Deal = {
  ...disputed,
  status: "completed",
  closed_at: "2025-11-21T12:00:00.000Z",
  dispute: { ...disputed.dispute!, status: "resolved", resolution: "release", resolved_at: "2025-11-21T12:00:00.000Z" },
};
const refunded: Deal = {
  ...disputed,
  status: "refunded",
  closed_at: "2025-11-21T12:00:00.000Z",
  dispute: { ...disputed.dispute!, status: "resolved", resolution: "refund", resolved_at: "2025-11-21T12:00:00.000Z" },
};
const open = makeDeal(2, {
  product: { id: "00000000-0000-4000-8000-000000000102", title: "CS2 skin", thumbnail_url: null, status: "purchased" },
});
const completed = makeDeal(3, {
  product: { id: "00000000-0000-4000-8000-000000000103", title: "Steam key", thumbnail_url: null, status: "completed" },
  status: "completed",
  closed_at: "2025-11-22T12:00:00.000Z",
});

function dealPage(deals: Deal[], page = 1, totalPages = 1, total = deals.length): DealPage {
  return { deals, page, total_pages: totalPages, total };
}

function card(title: string) {
  return within(screen.getByRole("listitem", { name: title }));
}

/** The deal's card once the list has loaded. */
async function findCard(title: string) {
  return within(await screen.findByRole("listitem", { name: title }));
}

function message(n: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `44444444-0000-4000-8000-${n.toString().padStart(12, "0")}`,
    chat_room_id: DISPUTED_CHAT,
    sender_id: MIRA.id,
    sender_username: "mira",
    text: `Message ${n}`,
    message_type: "text",
    is_read: true,
    created_at: `2025-11-18T12:${String(n).padStart(2, "0")}:00.000Z`,
    product: null,
    off_platform: [],
    attachments: [],
    from_admin: false,
    ...overrides,
  };
}

describe("admin deals", () => {
  it("shows an open dispute first with its reason, the buyer's text and dates, then the other deals", async () => {
    stubApi({ "GET admin/deals": { body: dealPage([disputed, open, completed]) } });
    renderApp("/admin/deals", { user: root });

    expect(await screen.findByRole("heading", { name: "Deals", level: 1 })).toBeInTheDocument();
    expect(await screen.findByText("3 deals")).toBeInTheDocument();
    const items = within(screen.getByRole("list", { name: "Deals" })).getAllByRole("listitem");
    expect(items.map((item) => within(item).getAllByRole("link")[0]?.textContent)).toEqual([
      "Dota 2 account with Arcana",
      "CS2 skin",
      "Steam key",
    ]);

    const first = card("Dota 2 account with Arcana");
    expect(first.getByText("Disputed")).toBeInTheDocument();
    expect(first.getByText("Not as described")).toBeInTheDocument();
    expect(first.getByText("The account has no Arcana at all")).toBeInTheDocument();
    expect(first.getByText(`Opened ${formatDateTime("2025-11-19T12:00:00.000Z")}`)).toBeInTheDocument();
    expect(first.getByText("12 500 ₽")).toBeInTheDocument();
    expect(first.getByText("625,00 ₽")).toBeInTheDocument();
    expect(first.getByText(formatDateTime("2025-11-18T12:00:00.000Z"))).toBeInTheDocument();
    expect(first.getByRole("link", { name: "Dota 2 account with Arcana" })).toHaveAttribute(
      "href",
      "/product/00000000-0000-4000-8000-000000000007",
    );
    expect(first.getByRole("link", { name: "mira" })).toHaveAttribute("href", "/profile/mira");
    expect(first.getByRole("link", { name: "alex" })).toHaveAttribute("href", "/profile/alex");
    expect(first.getByRole("button", { name: "Release to seller" })).toBeEnabled();
    expect(first.getByRole("button", { name: "Refund buyer" })).toBeEnabled();
    // The admin writes in a disputed deal's chat on a page of its own.
    expect(first.getByRole("link", { name: "Write in the chat" })).toHaveAttribute(
      "href",
      `/admin/chats/${disputed.chat_id}`,
    );

    // An open deal shows when it confirms itself; a closed one when it closed; neither can be resolved.
    expect(card("CS2 skin").getByText("Purchased")).toBeInTheDocument();
    expect(card("CS2 skin").getByText(formatDateTime("2025-11-23T12:00:00.000Z"))).toBeInTheDocument();
    expect(card("CS2 skin").queryByRole("button", { name: "Release to seller" })).not.toBeInTheDocument();
    expect(card("CS2 skin").queryByRole("link", { name: "Write in the chat" })).not.toBeInTheDocument();
    expect(card("Steam key").getByText("Completed")).toBeInTheDocument();
    expect(card("Steam key").getByText(formatDateTime("2025-11-22T12:00:00.000Z"))).toBeInTheDocument();
    expect(card("Steam key").queryByRole("button", { name: "Refund buyer" })).not.toBeInTheDocument();

    expect(queriesOf("admin/deals")).toEqual([{ page: "1", per_page: "20" }]);
  });

  it("releases the money after confirmation, then shows the refreshed deal and what happened", async () => {
    const api = stubApi({
      "GET admin/deals": [{ body: dealPage([disputed, open]) }, { body: dealPage([open, released]) }],
      [RESOLVE]: { body: released },
    });
    const { events } = renderApp("/admin/deals", { user: root });

    await events.click(
      (await findCard("Dota 2 account with Arcana")).getByRole("button", { name: "Release to seller" }),
    );
    let dialog = screen.getByRole("dialog", { name: "Release the money to the seller?" });
    expect(dialog).toHaveTextContent(
      "12 500 ₽ for “Dota 2 account with Arcana” goes to alex, less the 625,00 ₽ commission.",
    );
    await events.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.bodiesOf(RESOLVE)).toEqual([]);

    await events.click(card("Dota 2 account with Arcana").getByRole("button", { name: "Release to seller" }));
    dialog = screen.getByRole("dialog", { name: "Release the money to the seller?" });
    await events.click(within(dialog).getByRole("button", { name: "Release" }));

    expect(
      await screen.findByText("Released: alex received the money for “Dota 2 account with Arcana”"),
    ).toBeInTheDocument();
    expect(api.bodiesOf(RESOLVE)).toEqual([{ resolution: "release" }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const resolved = card("Dota 2 account with Arcana");
    expect(resolved.getByText("Released to the seller")).toBeInTheDocument();
    expect(resolved.getByText("Completed")).toBeInTheDocument();
    expect(resolved.queryByRole("button", { name: "Release to seller" })).not.toBeInTheDocument();
    expect(resolved.queryByRole("button", { name: "Refund buyer" })).not.toBeInTheDocument();
  });

  it("refunds the buyer and withdraws the product when the admin chooses so", async () => {
    const api = stubApi({
      "GET admin/deals": [{ body: dealPage([disputed]) }, { body: dealPage([refunded]) }],
      [RESOLVE]: { body: refunded },
    });
    const { events } = renderApp("/admin/deals", { user: root });

    await events.click((await findCard("Dota 2 account with Arcana")).getByRole("button", { name: "Refund buyer" }));
    const dialog = screen.getByRole("dialog", { name: "Refund the buyer?" });
    expect(dialog).toHaveTextContent("12 500 ₽ for “Dota 2 account with Arcana” goes back to mira.");
    expect(within(dialog).getByRole("radio", { name: /Back on sale/ })).toBeChecked();
    await events.click(within(dialog).getByRole("radio", { name: /Withdrawn/ }));
    await events.click(within(dialog).getByRole("button", { name: "Refund" }));

    expect(
      await screen.findByText(
        "Refunded: mira got the money back for “Dota 2 account with Arcana”; the product is withdrawn",
      ),
    ).toBeInTheDocument();
    expect(api.bodiesOf(RESOLVE)).toEqual([{ resolution: "refund", product_status: "withdrawn" }]);
    await waitFor(() =>
      expect(card("Dota 2 account with Arcana").getByText("Refunded to the buyer")).toBeInTheDocument(),
    );
    expect(card("Dota 2 account with Arcana").getByText("Refunded")).toBeInTheDocument();
  });

  it("puts the product back on sale by default when refunding", async () => {
    const api = stubApi({
      "GET admin/deals": [{ body: dealPage([disputed]) }, { body: dealPage([refunded]) }],
      [RESOLVE]: { body: refunded },
    });
    const { events } = renderApp("/admin/deals", { user: root });

    await events.click((await findCard("Dota 2 account with Arcana")).getByRole("button", { name: "Refund buyer" }));
    await events.click(
      within(screen.getByRole("dialog", { name: "Refund the buyer?" })).getByRole("button", { name: "Refund" }),
    );

    expect(
      await screen.findByText(
        "Refunded: mira got the money back for “Dota 2 account with Arcana”; the product is on sale again",
      ),
    ).toBeInTheDocument();
    expect(api.bodiesOf(RESOLVE)).toEqual([{ resolution: "refund", product_status: "active" }]);
  });

  it("disables that deal's decisions while one is being sent", async () => {
    const other = makeDeal(4, {
      status: "disputed",
      product: {
        id: "00000000-0000-4000-8000-000000000104",
        title: "WoW gold",
        thumbnail_url: null,
        status: "purchased",
      },
      dispute: { ...disputed.dispute!, reason: "not_received", text: "Nothing arrived" },
    });
    stubApi({
      "GET admin/deals": [{ body: dealPage([disputed, other]) }, { body: dealPage([other, released]) }],
      [RESOLVE]: { body: released },
    });
    let answer: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const stubbed = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (request) => {
      if ((request as Request).method === "POST") await gate;
      return stubbed(request as Request);
    });
    const { events } = renderApp("/admin/deals", { user: root });

    await events.click(
      (await findCard("Dota 2 account with Arcana")).getByRole("button", { name: "Release to seller" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Release the money to the seller?" });
    await events.click(within(dialog).getByRole("button", { name: "Release" }));

    await waitFor(() =>
      expect(card("Dota 2 account with Arcana").getByRole("button", { name: "Release to seller" })).toBeDisabled(),
    );
    expect(card("Dota 2 account with Arcana").getByRole("button", { name: "Refund buyer" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Release" })).toBeDisabled();
    // Another deal's decisions stay available.
    expect(card("WoW gold").getByRole("button", { name: "Release to seller" })).toBeEnabled();

    answer();
    expect(
      await screen.findByText("Released: alex received the money for “Dota 2 account with Arcana”"),
    ).toBeInTheDocument();
  });

  it("shows why a decision was refused, and the deal as someone else left it", async () => {
    stubApi({
      "GET admin/deals": [{ body: dealPage([disputed]) }, { body: dealPage([refunded]) }],
      [RESOLVE]: refusal(409, "INVALID_DEAL_STATUS", "The deal is not in a state that allows this"),
    });
    const { events } = renderApp("/admin/deals", { user: root });

    await events.click(
      (await findCard("Dota 2 account with Arcana")).getByRole("button", { name: "Release to seller" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Release the money to the seller?" });
    await events.click(within(dialog).getByRole("button", { name: "Release" }));

    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("The dispute was not resolved");
    expect(alert).toHaveTextContent("The deal is not in a state that allows this");
    expect(screen.queryByText(/^Released:/)).not.toBeInTheDocument();
    await events.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(card("Dota 2 account with Arcana").getByText("Refunded to the buyer")).toBeInTheDocument();
  });

  it("reads the deal's chat: who wrote what and when, with the deal's updates", async () => {
    const messages = [
      message(1, {
        sender_id: null,
        sender_username: null,
        text: "",
        message_type: "purchase_info",
        product: {
          id: disputed.product.id,
          title: "Dota 2 account with Arcana",
          price: 12500,
          seller: { username: "alex", avatar_url: "", rating: 5 },
          images: [],
          status: "purchased",
          is_owner: false,
          product_data_string: "login: arcana",
          deal: disputed,
        },
      }),
      message(2, { text: "Where is the Arcana?" }),
      message(3, { sender_id: ALEX.id, sender_username: "alex", text: "It was there yesterday" }),
      message(4, { sender_id: null, sender_username: null, text: "dispute_opened", message_type: "system" }),
      message(5, {
        sender_id: "77777777-0000-4000-8000-000000000001",
        sender_username: "root",
        text: "Send a screenshot, please",
        from_admin: true,
        attachments: [{ url: "/media/chats/a.png", thumbnail_url: "/media/chats/a-thumb.png", width: 80, height: 60 }],
      }),
    ];
    const api = stubApi({ "GET admin/deals": { body: dealPage([disputed]) }, [CHAT_MESSAGES]: { body: messages } });
    const { events } = renderApp("/admin/deals", { user: root });

    expect(api.calls.filter((call) => call.route === CHAT_MESSAGES)).toEqual([]);
    await events.click((await findCard("Dota 2 account with Arcana")).getByRole("button", { name: "Read the chat" }));
    const dialog = screen.getByRole("dialog", { name: "Chat about “Dota 2 account with Arcana”" });
    const list = await within(dialog).findByRole("list", { name: "Messages" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent("Purchase: “Dota 2 account with Arcana” for 12 500 ₽");
    expect(items[1]).toHaveTextContent("mira (buyer)");
    expect(items[1]).toHaveTextContent("Where is the Arcana?");
    expect(items[1]).toHaveTextContent(formatDateTime("2025-11-18T12:02:00.000Z"));
    expect(items[2]).toHaveTextContent("alex (seller)");
    expect(items[2]).toHaveTextContent("It was there yesterday");
    expect(items[3]).toHaveTextContent(
      "The buyer opened a dispute. The money is on hold until an administrator resolves it.",
    );
    expect(items[4]).toHaveTextContent("Lootlane admin root");
    expect(within(items[4]!).getByRole("link", { name: "Image 1" })).toHaveAttribute("href", "/media/chats/a.png");
    // Read-only: nothing to write with.
    expect(within(dialog).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(dialog).getByText(/Read-only/)).toHaveTextContent("5 messages");
  });

  it("asks the server for one status when a status is chosen, from its first page", async () => {
    stubApi({
      "GET admin/deals": [
        { body: dealPage([disputed, open], 1, 3, 45) },
        { body: dealPage([open], 2, 3, 45) },
        { body: dealPage([disputed]) },
      ],
    });
    const { events, router } = renderApp("/admin/deals", { user: root });

    expect(await screen.findByText("45 deals")).toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(router.state.location.search).toBe("?page=2"));
    await events.click(screen.getByRole("radio", { name: "Disputed" }));

    expect(await screen.findByText("1 deal")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Disputed" })).toBeChecked();
    expect(router.state.location.search).toBe("?status=disputed");
    expect(queriesOf("admin/deals")).toEqual([
      { page: "1", per_page: "20" },
      { page: "2", per_page: "20" },
      { page: "1", per_page: "20", status: "disputed" },
    ]);
  });

  it("finds a user by name or e-mail and shows only their deals, with the user in the address", async () => {
    stubApi({
      "GET admin/deals": [{ body: dealPage([disputed, open], 1, 1, 2) }, { body: dealPage([open]) }],
      "GET admin/users/search": { body: { users: [makeUser(MIRA)], page: 1, total_pages: 1, total: 1 } },
      [`GET admin/user/${MIRA.id}`]: { body: makeUser(MIRA) },
    });
    const { events, router } = renderApp("/admin/deals", { user: root });

    expect(await screen.findByText("2 deals")).toBeInTheDocument();
    await events.type(screen.getByRole("combobox", { name: "User" }), "mir");
    await events.click(await screen.findByRole("option", { name: /^mira · / }, { timeout: 15_000 }));

    expect(await screen.findByText("1 deal")).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?user=${MIRA.id}`);
    expect(await screen.findByText("User: mira")).toBeInTheDocument();
    expect(queriesOf("admin/users/search")).toEqual([{ q: "mir", page: "1", per_page: "10" }]);
    expect(queriesOf("admin/deals")).toEqual([
      { page: "1", per_page: "20" },
      { page: "1", per_page: "20", user_id: MIRA.id },
    ]);

    await events.click(screen.getByRole("button", { name: "Show everyone, not only mira" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("opens with the user of the address, together with a status", async () => {
    stubApi({
      "GET admin/deals": { body: dealPage([open]) },
      [`GET admin/user/${ALEX.id}`]: { body: makeUser(ALEX) },
    });
    renderApp(`/admin/deals?user=${ALEX.id}&status=purchased`, { user: root });

    expect(await screen.findByText("User: alex")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Purchased" })).toBeChecked();
    expect(queriesOf("admin/deals")).toEqual([{ page: "1", per_page: "20", status: "purchased", user_id: ALEX.id }]);
  });

  it("says when there are no deals, and when none has the chosen status", async () => {
    stubApi({ "GET admin/deals": { body: dealPage([]) } });
    const { events } = renderApp("/admin/deals", { user: root });

    expect(await screen.findByText("No deals yet")).toBeInTheDocument();
    expect(screen.getByText("0 deals")).toBeInTheDocument();
    await events.click(screen.getByRole("radio", { name: "Refunded" }));
    expect(await screen.findByText("No deals match these filters")).toBeInTheDocument();
  });

  it("shows why the deals did not load, and tries again", async () => {
    stubApi({ "GET admin/deals": [refusal(500, "SERVER_ERROR", "Internal error"), { body: dealPage([open]) }] });
    const { events } = renderApp("/admin/deals", { user: root });

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The deals did not load");
    await events.click(within(alert).getByRole("button", { name: "Try again" }));
    expect((await findCard("CS2 skin")).getByText("Purchased")).toBeInTheDocument();
  });

  it("puts a dispute opened live at the top of the list", async () => {
    stubApi({ "GET admin/deals": [{ body: dealPage([open]) }, { body: dealPage([disputed, open]) }] });
    const realtime = new FakeRealtime();
    realtime.online = true;
    renderApp("/admin/deals", { user: root, realtime });

    expect(await screen.findByText("1 deal")).toBeInTheDocument();
    realtime.emit("dispute_opened", disputed);

    expect(await screen.findByText("2 deals")).toBeInTheDocument();
    expect(card("Dota 2 account with Arcana").getByText("The account has no Arcana at all")).toBeInTheDocument();
  });

  it("fits a phone: every fact and action of a dispute is there at 375 px", async () => {
    setViewportWidth(375);
    stubApi({ "GET admin/deals": { body: dealPage([disputed]) } });
    renderApp("/admin/deals", { user: root });

    const first = await findCard("Dota 2 account with Arcana");
    expect(first.getByText("The account has no Arcana at all")).toBeInTheDocument();
    expect(first.getByRole("button", { name: "Read the chat" })).toBeInTheDocument();
    expect(first.getByRole("button", { name: "Release to seller" })).toBeInTheDocument();
    expect(first.getByRole("button", { name: "Refund buyer" })).toBeInTheDocument();
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubApi({ "GET admin/deals": { body: dealPage([disputed, open, completed], 1, 1, 5) } });
      const { events } = renderApp("/admin/deals", { user: root });

      expect(await screen.findByRole("heading", { name: "Сделки", level: 1 })).toBeInTheDocument();
      expect(await screen.findByText("5 сделок")).toBeInTheDocument();
      const first = card("Dota 2 account with Arcana");
      expect(first.getByText("Спор", { selector: ".mantine-Badge-label" })).toBeInTheDocument();
      expect(first.getByText("Не соответствует описанию")).toBeInTheDocument();
      expect(card("Steam key").getByText("Завершена")).toBeInTheDocument();
      expect(screen.getByRole("radio", { name: "Все" })).toBeChecked();

      await events.click(first.getByRole("button", { name: "Вернуть покупателю" }));
      const dialog = screen.getByRole("dialog", { name: "Вернуть деньги покупателю?" });
      expect(within(dialog).getByRole("radio", { name: /Снова в продаже/ })).toBeChecked();
      expect(within(dialog).getByRole("radio", { name: /Снят с продажи/ })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
