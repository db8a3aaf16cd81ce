import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ChatProductCard } from "@lootlane/contract";
import { formatDate } from "@/shared/format/date";
import { i18n } from "@/shared/i18n/i18n";
import { FakeRealtime } from "@/shared/realtime/testing/fake-realtime";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { refusal, stubApi, type StubReply } from "@/test/stub-api";
import {
  ALEX_ID,
  chatId,
  DEAL_ID,
  makeChat,
  makeChatProduct,
  makeDeal,
  makeMessage,
  makeProductCard,
  makePurchaseMessage,
  MIRA_ID,
  PRODUCT_ID,
} from "../testing/chat-fixtures";

const mira = makeUser({ id: MIRA_ID, username: "mira" });
const alex = makeUser({ id: ALEX_ID, username: "alex" });
const chat = makeChat(1, { another_user: { username: "alex", avatar_url: "", is_online: true, last_seen: null } });
const HOUR = 3_600_000;
const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

const open = makeProductCard({ deal: makeDeal({ auto_confirm_at: soon(53 * HOUR + 30 * 60_000) }) });
const completed = makeProductCard({ status: "completed", deal: makeDeal({ status: "completed" }) });
const disputed = makeProductCard({ deal: makeDeal({ status: "disputed" }) });

/** Chat 1 open with its purchase card; each list of answers is given in turn as the card is refreshed. */
function openChat(
  cards: ChatProductCard[],
  {
    user = mira,
    extra = {},
    realtime,
  }: { user?: typeof mira; extra?: Record<string, StubReply | StubReply[]>; realtime?: FakeRealtime } = {},
) {
  const api = stubApi({
    "GET chats/": { body: [chat] },
    [`GET chats/${chatId(1)}/messages`]: cards.map((card) => ({ body: [makePurchaseMessage(1, card)] })),
    [`GET products/get/chat/${chatId(1)}`]: cards.map((card) => ({ body: makeChatProduct(card) })),
    "POST auth/": { body: user },
    ...extra,
  });
  localStorage.setItem("selected-chat-id", chatId(1));
  return { api, ...renderApp("/chats", { user, realtime }) };
}

describe("purchase card, buyer", () => {
  it("offers Confirm Receipt and Report, the goods with a copy button, and the auto-confirmation countdown", async () => {
    const { events } = openChat([open]);

    expect(await screen.findByRole("button", { name: "Confirm Receipt" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Report" })).toBeInTheDocument();
    expect(screen.getByText("Auto-confirms in 2 d 5 h")).toBeInTheDocument();
    const goods = screen.getByText("login: arcana / password: hunter22");
    expect(goods.tagName).toBe("PRE");

    await events.click(screen.getByRole("button", { name: "Copy product data" }));
    expect(await screen.findByRole("button", { name: "Copied" })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe("login: arcana / password: hunter22");
  });

  it("confirms receipt after asking, then shows Confirm Receipted", async () => {
    const { events, api } = openChat([open, completed], {
      extra: { "PATCH products/confirm-receipt": { body: completed.deal } },
    });

    await events.click(await screen.findByRole("button", { name: "Confirm Receipt" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm receipt?" });
    expect(within(dialog).getByText(/The money then goes to the seller/)).toBeInTheDocument();
    await events.click(within(dialog).getByRole("button", { name: "Yes, I received it" }));

    expect(await screen.findByText("Confirm Receipted")).toBeInTheDocument();
    expect(api.bodiesOf("PATCH products/confirm-receipt")).toEqual([{ product_id: PRODUCT_ID }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Confirm Receipt" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Report" })).not.toBeInTheDocument();
  });

  it("shows errorConfirm with the reason when confirming fails", async () => {
    const { events } = openChat([open], {
      extra: {
        "PATCH products/confirm-receipt": refusal(
          409,
          "INVALID_DEAL_STATUS",
          "The deal is not in a state that allows this",
        ),
      },
    });

    await events.click(await screen.findByRole("button", { name: "Confirm Receipt" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm receipt?" });
    await events.click(within(dialog).getByRole("button", { name: "Yes, I received it" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Receipt was not confirmed: The deal is not in a state that allows this",
    );
  });

  it("reports the deal with a reason and a text of 10 characters or more, then shows the dispute", async () => {
    const { events, api } = openChat([open, disputed], {
      extra: { [`POST deals/${DEAL_ID}/dispute`]: { body: disputed.deal } },
    });

    await events.click(await screen.findByRole("button", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Report a problem" });
    const submit = within(dialog).getByRole("button", { name: "Open dispute" });
    expect(submit).toBeDisabled();

    await events.click(within(dialog).getByRole("combobox", { name: "Reason" }));
    await events.click(await screen.findByRole("option", { name: "It stopped working" }));
    await fill(events, within(dialog).getByRole("textbox", { name: "What happened" }), "Too short");
    expect(within(dialog).getByText("9 / 1000")).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await events.type(within(dialog).getByRole("textbox", { name: "What happened" }), "!");
    await events.click(submit);

    expect(await screen.findByText("Dispute open")).toBeInTheDocument();
    expect(api.bodiesOf(`POST deals/${DEAL_ID}/dispute`)).toEqual([{ reason: "stopped_working", text: "Too short!" }]);
    expect(screen.queryByRole("button", { name: "Confirm Receipt" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Auto-confirms/)).not.toBeInTheDocument();
  });

  it("keeps the report and shows why when it is refused", async () => {
    const { events } = openChat([open], {
      extra: {
        [`POST deals/${DEAL_ID}/dispute`]: refusal(
          409,
          "INVALID_DEAL_STATUS",
          "The deal is not in a state that allows this",
        ),
      },
    });

    await events.click(await screen.findByRole("button", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Report a problem" });
    await events.click(within(dialog).getByRole("combobox", { name: "Reason" }));
    await events.click(await screen.findByRole("option", { name: "I did not receive the goods" }));
    await fill(events, within(dialog).getByRole("textbox", { name: "What happened" }), "Nothing arrived in two days");
    await events.click(within(dialog).getByRole("button", { name: "Open dispute" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "The dispute was not opened: The deal is not in a state that allows this",
    );
    expect(within(dialog).getByRole("textbox", { name: "What happened" })).toHaveValue("Nothing arrived in two days");
  });

  it("shows Confirm Receipted for a completed product", async () => {
    openChat([completed]);
    expect(await screen.findByText("Confirm Receipted")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Confirm Receipt" })).not.toBeInTheDocument();
  });

  it("keeps Report inside a completed deal's guarantee window and says until when, not after it", async () => {
    const until = soon(10 * 24 * HOUR);
    openChat([
      makeProductCard({ status: "completed", deal: makeDeal({ status: "completed", guarantee_until: until }) }),
    ]);
    expect(await screen.findByText("Confirm Receipted")).toBeInTheDocument();
    expect(
      await screen.findByText(`Guarantee until ${formatDate(until)}: the buyer can still report a problem`),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Report" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Confirm Receipt" })).not.toBeInTheDocument();
  });

  it("offers no Report once the guarantee has ended", async () => {
    const ended = makeDeal({
      status: "completed",
      guarantee_until: soon(-HOUR),
      guarantee_released_at: soon(-HOUR / 2),
    });
    openChat([makeProductCard({ status: "completed", deal: ended })]);
    expect(await screen.findByText(`Guarantee ended ${formatDate(ended.guarantee_released_at!)}`)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Report" })).not.toBeInTheDocument();
  });

  it("says the guarantee in Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      const until = soon(10 * 24 * HOUR);
      openChat([
        makeProductCard({ status: "completed", deal: makeDeal({ status: "completed", guarantee_until: until }) }),
      ]);
      expect(
        await screen.findByText(`Гарантия до ${formatDate(until)}: покупатель ещё может сообщить о проблеме`),
      ).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("shows a refund's outcome, without actions", async () => {
    openChat([
      makeProductCard({ status: "active", product_data_string: null, deal: makeDeal({ status: "refunded" }) }),
    ]);
    expect(await screen.findByText("Refunded: the money went back to the buyer")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Report" })).not.toBeInTheDocument();
  });

  it("counts down in Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      openChat([open]);
      expect(await screen.findByText("Автоподтверждение через 2 д 5 ч")).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Подтвердить получение" })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

describe("purchase card, seller", () => {
  it("shows the goods and the countdown but neither Confirm Receipt nor Report", async () => {
    const sellerView = makeProductCard({ is_owner: true, deal: open.deal });
    openChat([sellerView], { user: alex });

    expect(await screen.findByText("Auto-confirms in 2 d 5 h")).toBeInTheDocument();
    expect(screen.getByText("login: arcana / password: hunter22")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Confirm Receipt" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Report" })).not.toBeInTheDocument();
  });

  it("follows the deal live when the buyer confirms", async () => {
    const realtime = new FakeRealtime();
    realtime.online = true;
    const sellerView = makeProductCard({ is_owner: true, deal: open.deal });
    const confirmedView = { ...completed, is_owner: true };
    const note = makeMessage(2, { message_type: "system", sender_id: null, sender_username: null, text: "confirmed" });
    const { api } = openChat([sellerView, confirmedView], {
      user: alex,
      realtime,
      extra: {
        [`GET chats/${chatId(1)}/messages`]: [
          { body: [makePurchaseMessage(1, sellerView)] },
          { body: [makePurchaseMessage(1, confirmedView), note] },
        ],
      },
    });
    expect(await screen.findByText("Auto-confirms in 2 d 5 h")).toBeInTheDocument();

    act(() => realtime.emit("new_message", note));

    expect(await screen.findByText("Confirm Receipted")).toBeInTheDocument();
    expect(screen.getByText("The buyer confirmed receipt. The money went to the seller.")).toBeInTheDocument();
    // The seller's balance grew: the signed-in user is fetched again.
    await waitFor(() => expect(api.calls.map((call) => call.route)).toContain("POST auth/"));
  });
});

describe("purchase card, several units", () => {
  const twoKeys = makeProductCard({
    status: "active",
    product_data_string: "Activate on Steam: Games → Activate a product",
    deal: makeDeal({
      auto_confirm_at: soon(53 * HOUR + 30 * 60_000),
      product: { id: PRODUCT_ID, title: "Steam keys for Hades II", thumbnail_url: null, status: "active" },
      price: 1000,
      unit_price: 500,
      quantity: 2,
      items: ["HADES-KEY-1", "HADES-KEY-2"],
    }),
  });

  it("shows what was bought, every unit with its own Copy and Copy all, and the seller's note", async () => {
    const { events } = openChat([twoKeys]);

    const units = await screen.findByRole("list", { name: "Delivered units" });
    expect(
      within(units)
        .getAllByRole("listitem")
        .map((unit) => unit.querySelector("pre")?.textContent),
    ).toEqual(["HADES-KEY-1", "HADES-KEY-2"]);
    expect(screen.getByText("2 units delivered")).toBeInTheDocument();
    expect(screen.getByText("Steam keys for Hades II")).toBeInTheDocument();
    expect(screen.getByText(/2 × 500 ₽ =/).parentElement).toHaveTextContent("2 × 500 ₽ = 1 000 ₽");
    expect(screen.getByText("Seller's note")).toBeInTheDocument();
    expect(screen.getByText("Activate on Steam: Games → Activate a product")).toBeInTheDocument();
    // The listing is still on sale, but this deal waits for the buyer.
    expect(screen.getByRole("button", { name: "Confirm Receipt" })).toBeInTheDocument();

    await events.click(screen.getByRole("button", { name: "Copy unit 2" }));
    expect(await navigator.clipboard.readText()).toBe("HADES-KEY-2");
    await events.click(screen.getByRole("button", { name: "Copy all units" }));
    expect(await navigator.clipboard.readText()).toBe("HADES-KEY-1\nHADES-KEY-2");
  });

  it("leaves out the product data when it is only the buyer's units again", async () => {
    openChat([{ ...twoKeys, product_data_string: "HADES-KEY-1\nHADES-KEY-2" }]);

    expect(await screen.findByRole("list", { name: "Delivered units" })).toBeInTheDocument();
    expect(screen.queryByText("Seller's note")).not.toBeInTheDocument();
    expect(screen.queryByText("Product data")).not.toBeInTheDocument();
  });

  it("keeps each card's own deal: an earlier purchase in the same chat shows what it bought and how it ended", async () => {
    const earlier = makeProductCard({
      deal: makeDeal({
        id: "55555555-0000-4000-8000-000000000002",
        product: { id: PRODUCT_ID, title: "Hades II key (old title)", thumbnail_url: null, status: "active" },
        price: 450,
        unit_price: 450,
        items: ["HADES-KEY-0"],
        status: "completed",
      }),
    });
    const latest = { ...twoKeys, product_data_string: "HADES-KEY-0\nHADES-KEY-1\nHADES-KEY-2" };
    openChat([latest], {
      extra: {
        [`GET chats/${chatId(1)}/messages`]: {
          body: [makePurchaseMessage(1, earlier), makePurchaseMessage(2, latest)],
        },
      },
    });

    const cards = await screen.findAllByText("Purchase");
    expect(cards).toHaveLength(2);
    expect(await screen.findByText("Hades II key (old title)")).toBeInTheDocument();
    expect(screen.getByText("450 ₽")).toBeInTheDocument();
    expect(screen.getByText("HADES-KEY-0")).toBeInTheDocument();
    expect(screen.getByText("Confirm Receipted")).toBeInTheDocument();
    expect(screen.getByText("Steam keys for Hades II")).toBeInTheDocument();
    // Only the open deal can be confirmed.
    expect(screen.getAllByRole("button", { name: "Confirm Receipt" })).toHaveLength(1);
  });

  it("counts the units in Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      openChat([twoKeys]);
      expect(await screen.findByText("Выдано 2 штуки")).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Копировать все единицы" })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
