import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ChatMessage, Deal } from "@lootlane/contract";
import { adminDealsQueryKey } from "@/shared/deals/admin-deals-query-key";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { stubApi } from "@/test/stub-api";

const root = makeUser({ id: "00000000-0000-4000-8000-000000000001", username: "root", role: "admin" });
const MIRA = { id: "00000000-0000-4000-8000-000000000002", username: "mira", avatar_url: "" };
const ALEX = { id: "00000000-0000-4000-8000-000000000003", username: "alex", avatar_url: "" };
const CHAT = "33333333-0000-4000-8000-000000000001";

/** mira bought alex's account and reported it; alex had asked her to pay him elsewhere. */
const disputed: Deal = {
  id: "55555555-0000-4000-8000-000000000001",
  product: {
    id: "00000000-0000-4000-8000-000000000007",
    title: "Dota 2 account",
    thumbnail_url: null,
    status: "purchased",
  },
  price: 12500,
  unit_price: 12500,
  quantity: 1,
  delivery: "auto",
  items: [],
  commission: 625,
  status: "disputed",
  buyer: MIRA,
  seller: ALEX,
  chat_id: CHAT,
  created_at: "2025-11-18T12:00:00.000Z",
  auto_confirm_at: "2025-11-21T12:00:00.000Z",
  closed_at: null,
  guarantee_until: null,
  guarantee_released_at: null,
  dispute: {
    reason: "not_received",
    text: "Nothing arrived",
    status: "open",
    resolution: null,
    created_at: "2025-11-19T12:00:00.000Z",
    resolved_at: null,
  },
  review_id: null,
};

function message(n: number, overrides: Partial<ChatMessage>): ChatMessage {
  return {
    id: `44444444-0000-4000-8000-${n.toString().padStart(12, "0")}`,
    chat_room_id: CHAT,
    sender_id: ALEX.id,
    sender_username: "alex",
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

const messages = [
  message(1, { text: "Pay me on my card 4111 1111 1111 1111", off_platform: ["card", "payment"] }),
  message(2, { sender_id: MIRA.id, sender_username: "mira", text: "No, here please" }),
  message(3, { text: "Then telegram @alex_pro", off_platform: ["messenger"] }),
];

async function openTranscript(note: string) {
  stubApi({
    "GET admin/deals": { body: { deals: [disputed], page: 1, total_pages: 1, total: 1 } },
    [`GET chats/${CHAT}/messages`]: { body: messages },
    [`GET admin/chats/${CHAT}/off-platform`]: {
      body: { flagged_messages: 2, kinds: ["card", "messenger", "payment"] },
    },
  });
  const { events } = renderApp("/admin/deals", { user: root });
  const card = within(await screen.findByRole("listitem", { name: "Dota 2 account" }));
  // The dispute says it before the transcript is opened, from the server's count over the whole chat.
  expect(await card.findByRole("note")).toHaveTextContent(note);
  await events.click(card.getByRole("button", { name: i18n.t("adminDeals:actions.readChat") }));
  const dialog = within(screen.getByRole("dialog"));
  return { dialog, items: within(await dialog.findByRole("list")).getAllByRole("listitem") };
}

describe("flagged messages in a dispute's chat", () => {
  it("says how many messages hold contacts outside Lootlane, and marks each in the transcript", async () => {
    const { dialog, items } = await openTranscript(
      "The chat has 2 messages with contacts outside Lootlane: card number, messenger, payment details",
    );

    expect(dialog.getByText("2 messages hold contacts or payment details outside Lootlane")).toBeInTheDocument();
    expect(within(items[0]!).getByText("Off-platform: card number, payment details")).toBeInTheDocument();
    expect(within(items[1]!).queryByText(/Off-platform/)).not.toBeInTheDocument();
    expect(within(items[2]!).getByText("Off-platform: messenger")).toBeInTheDocument();
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      const { dialog, items } = await openTranscript(
        "В чате 2 сообщения с контактами вне Lootlane: номер карты, мессенджер, реквизиты",
      );

      expect(dialog.getByText("2 сообщения содержат контакты или реквизиты вне Lootlane")).toBeInTheDocument();
      expect(within(items[0]!).getByText("Вне площадки: номер карты, реквизиты")).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

it("says nothing beside a dispute whose chat holds no such message", async () => {
  stubApi({
    "GET admin/deals": { body: { deals: [disputed], page: 1, total_pages: 1, total: 1 } },
    [`GET admin/chats/${CHAT}/off-platform`]: { body: { flagged_messages: 0, kinds: [] } },
  });
  const { queryClient } = renderApp("/admin/deals", { user: root });
  const card = within(await screen.findByRole("listitem", { name: "Dota 2 account" }));
  // Once the count has arrived and been rendered, there is still nothing to say.
  await waitFor(() =>
    expect(queryClient.getQueryState([...adminDealsQueryKey, "chat", CHAT, "off-platform"])?.status).toBe("success"),
  );
  expect(card.getByText("Nothing arrived")).toBeInTheDocument();
  expect(card.queryByRole("note")).not.toBeInTheDocument();
});
