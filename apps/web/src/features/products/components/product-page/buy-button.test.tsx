import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { PurchaseResult } from "@lootlane/contract";
import { makeProduct } from "@/shared/catalog/testing/catalog-fixtures";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { leaveFor } from "@/shared/lib/leave-for";
import { refusal, stubApi, type StubReply } from "@/test/stub-api";

// Amounts are written with no-break spaces, which accessible names keep as they are.
const PAY = "Pay 1\u00a0200\u00a0₽";
const product = makeProduct(7, { title: "Dota 2 account with Arcana", price: 1200 });
const buyer = makeUser({ balance: 1500.5 });
const chatId = "33333333-0000-4000-8000-000000000001";
const purchase: PurchaseResult = {
  chat_id: chatId,
  balance: 300.5,
  deal: {
    id: "55555555-0000-4000-8000-000000000001",
    product: { id: product.id, title: product.title, thumbnail_url: null, status: "purchased" },
    price: 1200,
    unit_price: 1200,
    quantity: 1,
    delivery: "auto",
    items: [],
    commission: 0,
    status: "purchased",
    buyer: { id: buyer.id, username: "mira", avatar_url: "" },
    seller: { id: "0b7e1c52-0c43-4c55-a3c3-2d3d4a5b6c7d", username: "seller", avatar_url: "" },
    chat_id: chatId,
    created_at: "2025-11-20T10:00:00.000Z",
    auto_confirm_at: "2025-11-23T10:00:00.000Z",
    closed_at: null,
    dispute: null,
    review_id: null,
    guarantee_until: null,
    guarantee_released_at: null,
  },
};
const chat = {
  id: chatId,
  another_user: { username: "seller", avatar_url: "", is_online: true, last_seen: null },
  last_message: { text: "", created_at: "2025-11-20T10:00:00.000Z", message_type: "purchase_info" },
  unread_count: 0,
  product: { id: product.id, title: product.title, price: product.price, status: product.status, thumbnail_url: null },
};

const rules = {
  provider: "test",
  top_up_min: 10,
  top_up_max: 100_000,
  top_up_daily_max: 300_000,
  withdrawal_min: 100,
  withdrawal_fee_percent: 0,
  withdrawal_methods: ["card", "sbp", "yoomoney"],
};
const TOP_UP_ID = "88888888-0000-4000-8000-000000000001";
const CONFIRMATION_URL = "http://localhost:3000/pay/test/66666666-0000-4000-8000-000000000001";
const topUp = {
  id: TOP_UP_ID,
  status: "pending",
  amount: 200,
  confirmation_url: CONFIRMATION_URL,
  return_path: `/product/${product.id}`,
  created_at: "2025-11-20T10:00:00.000Z",
};

function api(
  buy: StubReply | StubReply[],
  shown: StubReply | StubReply[] = { body: product },
  more: Record<string, StubReply | StubReply[]> = {},
) {
  return stubApi({
    "GET wallet": { body: { balance: 1000.25, held: 0, available: 1000.25, guarantee_held: 0, rules } },
    [`GET products/${product.id}`]: shown,
    "GET categories/all": { body: [] },
    "POST products/buy": buy,
    "POST auth/": { body: { ...buyer, balance: 300.5 } },
    "GET chats/": { body: [chat] },
    [`GET chats/${chatId}/messages`]: { body: [] },
    "GET users/seller/reviews": { body: [] },
    ...more,
  });
}

/** The Idempotency-Key of every buy request, in order. */
function buyKeys(): (string | null)[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([request]) => request as Request)
    .filter((request) => request.method === "POST" && request.url.endsWith("/products/buy"))
    .map((request) => request.headers.get("idempotency-key"));
}

async function openDialog(user = buyer) {
  const app = renderApp(`/product/${product.id}`, { user });
  await app.events.click(await screen.findByRole("button", { name: "Buy" }));
  return { ...app, dialog: await screen.findByRole("dialog", { name: "Buy this product?" }) };
}

describe("buying on the product page", () => {
  it("asks first, showing the product, its price and the balance", async () => {
    api({ body: purchase });
    const { dialog } = await openDialog();

    expect(within(dialog).getByText("Dota 2 account with Arcana")).toBeInTheDocument();
    expect(within(dialog).getByText("1 200 ₽")).toBeInTheDocument();
    expect(within(dialog).getByText("1 500,50 ₽")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: PAY })).toBeEnabled();
  });

  it("says how much is missing and cannot pay when the balance is short", async () => {
    const stub = api({ body: purchase });
    const { dialog } = await openDialog(makeUser({ balance: 1000.25 }));

    expect(within(dialog).getByText("Not enough money: 199,75 ₽ more is needed.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: PAY })).toBeDisabled();
    expect(stub.calls.map((call) => call.route)).not.toContain("POST products/buy");
  });

  it("offers a top-up of exactly what is missing, rounded up to whole roubles, and comes back to the product", async () => {
    const stub = api(
      { body: purchase },
      { body: product },
      {
        "POST wallet/top-ups": { body: topUp },
      },
    );
    const { events, dialog } = await openDialog(makeUser({ balance: 1000.25 }));

    await events.click(await within(dialog).findByRole("button", { name: "Top up 200\u00a0₽" }));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(CONFIRMATION_URL));
    expect(stub.bodiesOf("POST wallet/top-ups")).toEqual([{ amount: 200, return_path: `/product/${product.id}` }]);
  });

  it("offers at least the smallest top-up", async () => {
    api(
      { body: purchase },
      { body: product },
      {
        "GET wallet": { body: { balance: 1197, held: 0, available: 1197, guarantee_held: 0, rules } },
      },
    );
    const { dialog } = await openDialog(makeUser({ balance: 1197 }));
    expect(await within(dialog).findByRole("button", { name: "Top up 10\u00a0₽" })).toBeEnabled();
  });

  it("offers no top-up where top-ups are off", async () => {
    api(
      { body: purchase },
      { body: product },
      {
        "GET wallet": {
          body: {
            balance: 1000.25,
            held: 0,
            available: 1000.25,
            guarantee_held: 0,
            rules: { ...rules, provider: "none" },
          },
        },
      },
    );
    const { dialog } = await openDialog(makeUser({ balance: 1000.25 }));
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThan(2));
    expect(within(dialog).queryByRole("button", { name: /Top up/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText("Not enough money: 199,75 ₽ more is needed.")).toBeInTheDocument();
  });

  it("shows the top-up the buyer came back from, and Pay works once it is credited", async () => {
    api(
      { body: purchase },
      { body: product },
      {
        [`GET wallet/top-ups/${TOP_UP_ID}`]: [{ body: topUp }, { body: { ...topUp, status: "succeeded" } }],
        "POST auth/": { body: { ...buyer, balance: 1200.25 } },
      },
    );
    const { events } = renderApp(`/product/${product.id}?top_up=${TOP_UP_ID}`, {
      user: makeUser({ balance: 1000.25 }),
    });

    expect(await screen.findByText("Waiting for the payment of 200 ₽…")).toBeInTheDocument();
    expect(await screen.findByText("200 ₽ added to your balance", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText("Your balance is now 1 200,25 ₽.")).toBeInTheDocument();

    await events.click(screen.getByRole("button", { name: "Buy" }));
    const dialog = await screen.findByRole("dialog", { name: "Buy this product?" });
    expect(within(dialog).getByRole("button", { name: PAY })).toBeEnabled();
  });

  it("cannot pay from a frozen balance", async () => {
    api({ body: purchase });
    const { dialog } = await openDialog(makeUser({ balance: 5000, has_frozen_balance: true }));

    expect(within(dialog).getByText(/Your balance is frozen/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: PAY })).toBeDisabled();
  });

  it("pays once with an idempotency key and opens the deal's chat", async () => {
    const calls = api({ body: purchase });
    const { events, dialog, router } = await openDialog();

    await events.click(within(dialog).getByRole("button", { name: PAY }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/chats"));
    expect(await screen.findByRole("region", { name: "Chat with seller" })).toBeInTheDocument();
    expect(localStorage.getItem("selected-chat-id")).toBe(chatId);
    expect(calls.bodiesOf("POST products/buy")).toEqual([{ product_id: product.id, price: 1200, quantity: 1 }]);
    expect(buyKeys()).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it("shows a refusal translated, in the dialog, which stays open", async () => {
    api(refusal(409, "PRODUCT_NOT_AVAILABLE", "This product can no longer be bought"));
    await i18n.changeLanguage("ru");
    try {
      const app = renderApp(`/product/${product.id}`, { user: buyer });
      await app.events.click(await screen.findByRole("button", { name: "Купить" }));
      const dialog = await screen.findByRole("dialog", { name: "Купить этот товар?" });
      await app.events.click(within(dialog).getByRole("button", { name: "Оплатить 1\u00a0200\u00a0₽" }));

      expect(await within(dialog).findByRole("alert")).toHaveTextContent("Этот товар больше нельзя купить");
      expect(app.router.state.location.pathname).toBe(`/product/${product.id}`);
      expect(within(dialog).getByText("Dota 2 account with Arcana")).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("shows the new price when the seller changed it before the payment, and pays it only when asked again", async () => {
    const calls = api(
      [refusal(409, "PRICE_CHANGED", "The price has changed"), { body: { ...purchase, balance: 100.5 } }],
      [{ body: product }, { body: { ...product, price: 1400 } }],
    );
    const { events, dialog, router } = await openDialog();

    await events.click(within(dialog).getByRole("button", { name: PAY }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "The price has changed since you saw it; check the new price and buy again",
    );
    expect(await within(dialog).findByText("1 400 ₽")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/product/${product.id}`);
    await events.click(within(dialog).getByRole("button", { name: "Pay 1\u00a0400\u00a0₽" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/chats"));
    expect(calls.bodiesOf("POST products/buy")).toEqual([
      { product_id: product.id, price: 1200, quantity: 1 },
      { product_id: product.id, price: 1400, quantity: 1 },
    ]);
  });

  it("retries with the same key when no verdict came, and uses a new key for each opening", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    api([
      refusal(503, "SERVER_ERROR", "Internal error"),
      refusal(409, "NOT_ENOUGH_BALANCE", "Not enough money on the balance"),
    ]);
    const { events, dialog } = await openDialog();
    const pay = within(dialog).getByRole("button", { name: PAY });

    await events.click(pay);
    expect(await within(dialog).findByRole("alert")).toBeInTheDocument();
    await events.click(pay);
    expect(await within(dialog).findByText("Not enough money on the balance")).toBeInTheDocument();

    await events.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await events.click(await screen.findByRole("button", { name: "Buy" }));
    await events.click(within(await screen.findByRole("dialog")).getByRole("button", { name: PAY }));

    await waitFor(() => expect(buyKeys()).toHaveLength(3));
    const [first, retry, reopened] = buyKeys();
    expect(retry).toBe(first);
    expect(reopened).not.toBe(first);
  });
});

describe("buying several units", () => {
  const shelf = { ...product, in_stock: 5 };

  async function openShelf(path = `/product/${product.id}`, user = makeUser({ balance: 5000 })) {
    const app = renderApp(path, { user });
    await app.events.click(await screen.findByRole("button", { name: "Buy" }));
    return { ...app, dialog: await screen.findByRole("dialog", { name: "Buy this product?" }) };
  }

  it("offers no quantity when one unit is left", async () => {
    api({ body: purchase });
    const { dialog } = await openDialog();

    expect(within(dialog).queryByRole("textbox", { name: "Quantity" })).not.toBeInTheDocument();
  });

  it("lets the buyer choose how many, up to what is in stock, and pays price × quantity", async () => {
    const calls = api({ body: purchase }, { body: shelf });
    const { events, dialog, router } = await openShelf();
    const quantity = within(dialog).getByRole("textbox", { name: "Quantity" });
    expect(within(dialog).getByText("Up to 5: as many as are in stock")).toBeInTheDocument();

    await events.clear(quantity);
    await events.type(quantity, "3");

    expect(within(dialog).getByText("Price per unit")).toBeInTheDocument();
    expect(within(dialog).getByText("Total for 3 units")).toBeInTheDocument();
    expect(within(dialog).getByText("3 600 ₽")).toBeInTheDocument();
    await events.click(within(dialog).getByRole("button", { name: "Pay 3\u00a0600\u00a0₽" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/chats"));
    expect(calls.bodiesOf("POST products/buy")).toEqual([{ product_id: product.id, price: 1200, quantity: 3 }]);
  });

  it("starts from the quantity a top-up came back with, never above what is in stock", async () => {
    api({ body: purchase }, { body: shelf });
    const { dialog } = await openShelf(`/product/${product.id}?quantity=12`, makeUser({ balance: 10_000 }));

    expect(within(dialog).getByRole("textbox", { name: "Quantity" })).toHaveValue("5");
    expect(within(dialog).getByRole("button", { name: "Pay 6\u00a0000\u00a0₽" })).toBeEnabled();
  });

  it("tops up what is missing for the whole purchase and brings the quantity back", async () => {
    const stub = api({ body: purchase }, { body: shelf }, { "POST wallet/top-ups": { body: topUp } });
    const { events, dialog } = await openShelf(`/product/${product.id}`, makeUser({ balance: 1000.25 }));

    await events.clear(within(dialog).getByRole("textbox", { name: "Quantity" }));
    await events.type(within(dialog).getByRole("textbox", { name: "Quantity" }), "2");

    expect(within(dialog).getByText("Not enough money: 1 399,75 ₽ more is needed.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Pay 2\u00a0400\u00a0₽" })).toBeDisabled();
    await events.click(await within(dialog).findByRole("button", { name: "Top up 1\u00a0400\u00a0₽" }));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(CONFIRMATION_URL));
    expect(stub.bodiesOf("POST wallet/top-ups")).toEqual([
      { amount: 1400, return_path: `/product/${product.id}?quantity=2` },
    ]);
  });

  it("says plainly when fewer are left than asked for, and shows what is left", async () => {
    const calls = api(
      [refusal(409, "OUT_OF_STOCK", "Not enough in stock for this purchase"), { body: purchase }],
      [{ body: shelf }, { body: { ...shelf, in_stock: 2 } }],
    );
    const { events, dialog, router } = await openShelf(`/product/${product.id}?quantity=4`);

    await events.click(within(dialog).getByRole("button", { name: "Pay 4\u00a0800\u00a0₽" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Not enough in stock for this purchase");
    expect(await within(dialog).findByText("Up to 2: as many as are in stock")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/product/${product.id}`);
    await events.click(within(dialog).getByRole("button", { name: "Pay 2\u00a0400\u00a0₽" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/chats"));
    expect(calls.bodiesOf("POST products/buy")).toEqual([
      { product_id: product.id, price: 1200, quantity: 4 },
      { product_id: product.id, price: 1200, quantity: 2 },
    ]);
  });

  it("speaks Russian, with the plural of the quantity", async () => {
    api({ body: purchase }, { body: shelf });
    await i18n.changeLanguage("ru");
    try {
      const app = renderApp(`/product/${product.id}?quantity=2`, { user: makeUser({ balance: 5000 }) });
      await app.events.click(await screen.findByRole("button", { name: "Купить" }));
      const dialog = await screen.findByRole("dialog", { name: "Купить этот товар?" });

      expect(within(dialog).getByRole("textbox", { name: "Количество" })).toHaveValue("2");
      expect(within(dialog).getByText("Итого за 2 штуки")).toBeInTheDocument();
      expect(within(dialog).getByText("Цена за штуку")).toBeInTheDocument();
      expect(within(dialog).getByRole("button", { name: "Оплатить 2\u00a0400\u00a0₽" })).toBeEnabled();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
