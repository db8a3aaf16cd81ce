import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { WALLET_CHANGED_EVENT, type TopUp } from "@lootlane/contract";
import { formatDateTime } from "@/shared/format/date";
import { i18n } from "@/shared/i18n/i18n";
import { leaveFor } from "@/shared/lib/leave-for";
import { FakeRealtime } from "@/shared/realtime/testing/fake-realtime";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { queriesOf, refusal, stubApi, type StubReply } from "@/test/stub-api";
import {
  id,
  makeEntry,
  makeWallet,
  makeWithdrawal,
  rules,
  statementPage,
  withdrawalPage,
} from "../testing/wallet-fixtures";

const user = makeUser({ balance: 1485.5 });
const PRODUCT_ID = "00000000-0000-4000-8000-000000000007";
const TOP_UP_ID = id("88888888", 99);
const topUp: TopUp = {
  id: TOP_UP_ID,
  status: "pending",
  amount: 500,
  confirmation_url: `http://localhost:3000/pay/test/${id("66666666", 1)}`,
  return_path: "/wallet",
  created_at: "2025-11-22T10:00:00.000Z",
};
const pendingWithdrawal = makeWithdrawal(1);
const rejected = makeWithdrawal(2, {
  amount: 300,
  fee: 4.5,
  method: "sbp",
  destination: "+7 ••• •••-67-89",
  status: "rejected",
  reason: "The phone number is not in SBP",
  decided_at: "2025-11-21T12:00:00.000Z",
});

function api(routes: Record<string, StubReply | StubReply[]> = {}) {
  return stubApi({
    "GET wallet": { body: makeWallet() },
    "GET wallet/statement": { body: statementPage([]) },
    "GET wallet/withdrawals": { body: withdrawalPage([]) },
    "GET wallet/sbp-banks": { body: [] },
    "POST auth/": { body: user },
    ...routes,
  });
}

/** The Idempotency-Key of every top-up request, in order. */
function topUpKeys(): (string | null)[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([request]) => request as Request)
    .filter((request) => request.method === "POST" && request.url.endsWith("/wallet/top-ups"))
    .map((request) => request.headers.get("idempotency-key"));
}

function region(name: string) {
  return screen.getByRole("region", { name });
}

/** Amounts are written with no-break spaces, which accessible names keep as they are. */
function nb(text: string): string {
  return text.replace(/(?<=\d) /g, "\u00a0");
}

describe("the wallet screen", () => {
  it("shows what is available, held and in total, and the statement with load more", async () => {
    const purchase = makeEntry(1, {
      kind: "purchase",
      amount: -1200,
      balance_after: 300.5,
      top_up_id: null,
      deal_id: id("55555555", 1),
      product: { id: PRODUCT_ID, title: "Dota 2 account" },
    });
    const older = makeEntry(2, { amount: 1500.5, balance_after: 1500.5, created_at: "2025-11-19T10:00:00.000Z" });
    api({
      "GET wallet/statement": [{ body: statementPage([purchase], 1, 2) }, { body: statementPage([older], 2, 2) }],
    });
    const { events } = renderApp("/wallet", { user });

    expect(await screen.findByRole("heading", { level: 1, name: "Wallet" })).toBeInTheDocument();
    expect(await screen.findByRole("region", { name: "Available" })).toHaveTextContent("1 485,50 ₽");
    expect(region("Held")).toHaveTextContent("1 015,00 ₽");
    expect(region("Total")).toHaveTextContent("2 500,50 ₽");

    const statement = within(await screen.findByRole("list", { name: "Statement" }));
    expect(statement.getByText("Purchase")).toBeInTheDocument();
    expect(statement.getByText("−1 200,00 ₽")).toBeInTheDocument();
    expect(statement.getByText("Balance 300,50 ₽")).toBeInTheDocument();
    expect(statement.getByText(formatDateTime(purchase.created_at))).toBeInTheDocument();
    expect(statement.getByRole("link", { name: "Dota 2 account" })).toHaveAttribute("href", `/product/${PRODUCT_ID}`);

    await events.click(screen.getByRole("button", { name: "Load more" }));

    expect(await statement.findByText("+1 500,50 ₽")).toBeInTheDocument();
    expect(statement.getByRole("link", { name: "Top-up" })).toHaveAttribute(
      "href",
      `/wallet?top_up=${older.top_up_id}`,
    );
    expect(statement.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(queriesOf("wallet/statement").map((query) => query.page)).toEqual(["1", "2"]);
  });

  it("shows a seller's earnings held by guarantees apart from the total, and their holds in the statement", async () => {
    const hold = makeEntry(3, {
      kind: "guarantee_hold",
      account: "guarantee",
      amount: 1200,
      balance_after: 1200,
      top_up_id: null,
      deal_id: id("55555555", 3),
      product: { id: PRODUCT_ID, title: "Dota 2 account" },
    });
    api({
      "GET wallet": { body: makeWallet({ guarantee_held: 1200 }) },
      "GET wallet/statement": { body: statementPage([hold]) },
    });
    renderApp("/wallet", { user });

    expect(await screen.findByRole("region", { name: "Held by guarantees" })).toHaveTextContent("1 200,00 ₽");
    expect(region("Total")).toHaveTextContent("2 500,50 ₽");
    const statement = within(await screen.findByRole("list", { name: "Statement" }));
    expect(statement.getByText("Sale, held by the guarantee")).toBeInTheDocument();
    expect(statement.getByText("Held by guarantees: 1 200,00 ₽")).toBeInTheDocument();
  });

  it("shows no guarantee figure to someone nothing is held for", async () => {
    api();
    renderApp("/wallet", { user });
    expect(await screen.findByRole("region", { name: "Available" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Held by guarantees" })).not.toBeInTheDocument();
  });

  it("lists the withdrawals with their status, the reason of a rejection and Cancel for a waiting one", async () => {
    const stub = api({
      "GET wallet/withdrawals": [
        { body: withdrawalPage([pendingWithdrawal, rejected]) },
        { body: withdrawalPage([{ ...pendingWithdrawal, status: "canceled" }, rejected]) },
      ],
      [`DELETE wallet/withdrawals/${pendingWithdrawal.id}`]: { body: { ...pendingWithdrawal, status: "canceled" } },
    });
    const { events } = renderApp("/wallet", { user });

    const list = within(await screen.findByRole("list", { name: "Withdrawals" }));
    const waiting = within(list.getByRole("listitem", { name: nb("1 000 ₽") }));
    expect(waiting.getByText("Waiting")).toBeInTheDocument();
    expect(waiting.getByText("Card · •••• 4242")).toBeInTheDocument();
    expect(waiting.getByText(`Fee 15,00 ₽ · ${formatDateTime(pendingWithdrawal.created_at)}`)).toBeInTheDocument();
    const declined = within(list.getByRole("listitem", { name: nb("300 ₽") }));
    expect(declined.getByText("Rejected")).toBeInTheDocument();
    expect(declined.getByText("SBP · +7 ••• •••-67-89")).toBeInTheDocument();
    expect(declined.getByText("Reason: The phone number is not in SBP")).toBeInTheDocument();
    expect(declined.queryByRole("button", { name: "Cancel" })).not.toBeInTheDocument();

    await events.click(waiting.getByRole("button", { name: "Cancel" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Cancel this withdrawal?" }));
    expect(dialog.getByText("1 015,00 ₽ goes back to your available balance.")).toBeInTheDocument();
    await events.click(dialog.getByRole("button", { name: "Cancel the withdrawal" }));

    expect(
      await screen.findByText("The withdrawal was canceled: 1 015,00 ₽ is back on your balance."),
    ).toBeInTheDocument();
    expect(stub.calls.map((call) => call.route)).toContain(`DELETE wallet/withdrawals/${pendingWithdrawal.id}`);
    expect(await list.findByText("Canceled")).toBeInTheDocument();
  });

  it("tops up once across a double click and goes to the provider's page", async () => {
    const stub = api({ "POST wallet/top-ups": { body: topUp } });
    const { events } = renderApp("/wallet", { user });

    await events.click(await screen.findByRole("button", { name: "Top up" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Top up the balance" }));
    expect(dialog.getByText("Test mode: the payment page is a test one, no real money moves.")).toBeInTheDocument();
    await fill(events, dialog.getByRole("textbox", { name: "Amount, ₽" }), "500");
    await events.dblClick(dialog.getByRole("button", { name: nb("Pay 500 ₽") }));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(topUp.confirmation_url));
    expect(stub.bodiesOf("POST wallet/top-ups")).toEqual([{ amount: 500, return_path: "/wallet" }]);
    expect(new Set(topUpKeys()).size).toBe(1);
    expect(topUpKeys()[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a top-up within the rules and shows the server's refusal", async () => {
    const stub = api({
      "POST wallet/top-ups": refusal(
        429,
        "TOP_UP_DAILY_LIMIT_REACHED",
        "You have reached today's top-up limit of 300000 ₽",
      ),
    });
    const { events } = renderApp("/wallet", { user });

    await events.click(await screen.findByRole("button", { name: "Top up" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Top up the balance" }));
    const amount = dialog.getByRole("textbox", { name: "Amount, ₽" });
    await fill(events, amount, "5");
    await events.click(dialog.getByRole("button", { name: nb("Pay 5 ₽") }));
    expect(dialog.getByText("At least 10 ₽")).toBeInTheDocument();
    await events.clear(amount);
    await fill(events, amount, "200000");
    await events.click(dialog.getByRole("button", { name: /^Pay/ }));
    expect(dialog.getByText("At most 100 000 ₽")).toBeInTheDocument();
    expect(stub.bodiesOf("POST wallet/top-ups")).toEqual([]);

    await events.clear(amount);
    await fill(events, amount, "1000");
    await events.click(dialog.getByRole("button", { name: /^Pay/ }));

    expect(await dialog.findByRole("alert")).toHaveTextContent("You have reached today's top-up limit of 300000 ₽");
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it("says why there is no Top up when top-ups are off", async () => {
    api({ "GET wallet": { body: makeWallet({ rules: { ...rules, provider: "none" } }) } });
    renderApp("/wallet", { user });

    expect(
      await screen.findByText("Top-ups are turned off on this marketplace, so money comes only from sales."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Top up" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Withdraw" })).toBeEnabled();
  });
});

describe("withdrawing", () => {
  async function openForm(routes: Record<string, StubReply | StubReply[]> = {}) {
    const stub = api(routes);
    const app = renderApp("/wallet", { user });
    await app.events.click(await screen.findByRole("button", { name: "Withdraw" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Withdraw money" }));
    return { ...app, stub, dialog };
  }

  it("checks the number as the server does and shows the fee and the total before sending", async () => {
    const { events, dialog, stub } = await openForm({
      "POST wallet/withdrawals": { body: makeWithdrawal(3) },
    });

    await fill(events, dialog.getByRole("textbox", { name: "Amount, ₽" }), "1000");
    expect(
      within(dialog.getByRole("group", { name: "Cost of the withdrawal" })).getByText("15,00 ₽"),
    ).toBeInTheDocument();
    expect(dialog.getByText("1 015,00 ₽")).toBeInTheDocument();

    const number = dialog.getByRole("textbox", { name: "Card number" });
    await fill(events, number, "4111 1111 1111 1112");
    await events.click(dialog.getByRole("button", { name: nb("Withdraw 1 000 ₽") }));
    expect(dialog.getByText("This card number has a typo")).toBeInTheDocument();
    await events.clear(number);
    await fill(events, number, "4111 1111");
    await events.click(dialog.getByRole("button", { name: nb("Withdraw 1 000 ₽") }));
    expect(dialog.getByText("A card number has 13 to 19 digits")).toBeInTheDocument();
    expect(stub.bodiesOf("POST wallet/withdrawals")).toEqual([]);

    await events.clear(number);
    await fill(events, number, "4111 1111 1111 1111");
    await events.click(dialog.getByRole("button", { name: nb("Withdraw 1 000 ₽") }));

    expect(
      await screen.findByText("Withdrawal of 1 000 ₽ requested. It is paid once a moderator approves it."),
    ).toBeInTheDocument();
    expect(stub.bodiesOf("POST wallet/withdrawals")).toEqual([
      { amount: 1000, method: "card", destination: "4111 1111 1111 1111" },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("refuses less than the minimum and more than is available with the fee", async () => {
    const { events, dialog } = await openForm();
    const amount = dialog.getByRole("textbox", { name: "Amount, ₽" });

    await fill(events, amount, "50");
    await events.click(dialog.getByRole("button", { name: nb("Withdraw 50 ₽") }));
    expect(dialog.getByText("At least 100 ₽")).toBeInTheDocument();

    // 1 470 ₽ with 1.5 % is 1 492,05 ₽: more than the 1 485,50 ₽ available.
    await events.clear(amount);
    await fill(events, amount, "1470");
    await events.click(dialog.getByRole("button", { name: nb("Withdraw 1 470 ₽") }));
    expect(dialog.getByText("Not enough money: 1 485,50 ₽ available, fee included")).toBeInTheDocument();
  });

  it("asks for the bank of an SBP payout when payouts reach banks, and sends it", async () => {
    const { events, dialog, stub } = await openForm({
      "GET wallet/sbp-banks": { body: [{ bank_id: "100000000111", name: "Sberbank" }] },
      "POST wallet/withdrawals": { body: makeWithdrawal(4, { method: "sbp" }) },
    });

    await fill(events, dialog.getByRole("textbox", { name: "Amount, ₽" }), "200");
    await events.click(dialog.getByRole("radio", { name: "SBP" }));
    await fill(events, dialog.getByRole("textbox", { name: "Phone number" }), "+7 912 345-67-89");
    await events.click(dialog.getByRole("button", { name: nb("Withdraw 200 ₽") }));
    expect(await dialog.findByText("Choose the bank")).toBeInTheDocument();

    await events.click(dialog.getByRole("combobox", { name: "Bank" }));
    await events.click(await screen.findByRole("option", { name: "Sberbank" }));
    await events.click(dialog.getByRole("button", { name: nb("Withdraw 200 ₽") }));

    await waitFor(() =>
      expect(stub.bodiesOf("POST wallet/withdrawals")).toEqual([
        { amount: 200, method: "sbp", destination: "+7 912 345-67-89", bank_id: "100000000111" },
      ]),
    );
  });

  it("shows a refusal of the server above the form", async () => {
    const { events, dialog } = await openForm({
      "POST wallet/withdrawals": refusal(403, "BALANCE_IS_FROZEN", "Your balance is frozen; contact support"),
    });

    await fill(events, dialog.getByRole("textbox", { name: "Amount, ₽" }), "500");
    await fill(events, dialog.getByRole("textbox", { name: "Card number" }), "4111111111111111");
    await events.click(dialog.getByRole("button", { name: nb("Withdraw 500 ₽") }));

    expect(await dialog.findByRole("alert")).toHaveTextContent("Your balance is frozen; contact support");
  });
});

describe("back from the provider", () => {
  it("shows the top-up waiting, reads it again every 2 s, then shows it credited with the new balance", async () => {
    api({
      [`GET wallet/top-ups/${TOP_UP_ID}`]: [
        { body: topUp },
        { body: { ...topUp, status: "succeeded", confirmation_url: null } },
      ],
      "POST auth/": { body: { ...user, balance: 1985.5 } },
    });
    renderApp(`/wallet?top_up=${TOP_UP_ID}`, { user });

    expect(await screen.findByText("Waiting for the payment of 500 ₽…")).toBeInTheDocument();

    expect(await screen.findByText("500 ₽ added to your balance", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText("Your balance is now 1 985,50 ₽.")).toBeInTheDocument();
  });

  it("reads it again at once when the server says the wallet changed", async () => {
    // Held intervals: the 2 s reading never comes round, so only the event can bring the new status, however slowly
    // the machine runs.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    onTestFinished(() => void vi.useRealTimers());
    const realtime = new FakeRealtime();
    realtime.goOnline();
    const stub = api({
      [`GET wallet/top-ups/${TOP_UP_ID}`]: [{ body: topUp }, { body: { ...topUp, status: "canceled" } }],
    });
    renderApp(`/wallet?top_up=${TOP_UP_ID}`, { user, realtime });
    expect(await screen.findByText("Waiting for the payment of 500 ₽…")).toBeInTheDocument();

    realtime.emit(WALLET_CHANGED_EVENT, { top_up_id: TOP_UP_ID });

    expect(await screen.findByText("The payment of 500 ₽ did not go through")).toBeInTheDocument();
    expect(screen.getByText("No money was taken. You can try again.")).toBeInTheDocument();
    expect(stub.calls.filter((call) => call.route === "GET wallet").length).toBeGreaterThan(1);
  });
});

describe("in Russian", () => {
  it("says Пополнить, Вывести and Выписка", async () => {
    await i18n.changeLanguage("ru");
    try {
      api({ "GET wallet/statement": { body: statementPage([makeEntry(1)]) } });
      renderApp("/wallet", { user });

      expect(await screen.findByRole("heading", { level: 1, name: "Кошелёк" })).toBeInTheDocument();
      expect(await screen.findByRole("button", { name: "Пополнить" })).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Вывести" })).toBeInTheDocument();
      expect(screen.getByRole("region", { name: "Заморожено" })).toHaveTextContent("1 015,00 ₽");
      expect(screen.getByRole("heading", { name: "Выписка" })).toBeInTheDocument();
      expect(await screen.findByText("Остаток 1 001,00 ₽")).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
