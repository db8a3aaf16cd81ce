import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminWithdrawal, AdminWithdrawalPage } from "@lootlane/contract";
import { formatDateTime } from "@/shared/format/date";
import { i18n } from "@/shared/i18n/i18n";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { queriesOf, refusal, stubApi } from "@/test/stub-api";

const root = makeUser({ id: "00000000-0000-4000-8000-000000000001", username: "root", role: "admin" });
const MANUAL_ID = "99999999-0000-4000-8000-000000000001";
const PAYOUT_ID = "99999999-0000-4000-8000-000000000002";

const manual: AdminWithdrawal = {
  id: MANUAL_ID,
  amount: 1000,
  fee: 15,
  method: "card",
  destination: "•••• 4242",
  status: "pending",
  payout_reference: null,
  reason: null,
  created_at: "2025-11-20T10:00:00.000Z",
  decided_at: null,
  user: { id: "00000000-0000-4000-8000-000000000002", username: "mira" },
  provider_payout: false,
};
const payout: AdminWithdrawal = {
  ...manual,
  id: PAYOUT_ID,
  amount: 2500,
  fee: 37.5,
  method: "sbp",
  destination: "+7 ••• •••-67-89",
  user: { id: "00000000-0000-4000-8000-000000000003", username: "alex" },
  provider_payout: true,
};

function page(withdrawals: AdminWithdrawal[]): AdminWithdrawalPage {
  return { withdrawals, page: 1, total_pages: 1, total: withdrawals.length };
}

/** A withdrawal's card once the list has loaded; cards are named "<amount> to <user>". */
async function findCard(name: string) {
  return within(await screen.findByRole("listitem", { name: name.replace(/(?<=\d) /g, "\u00a0") }));
}

describe("admin withdrawals", () => {
  it("lists withdrawals with user, amount, fee, method, masked destination and date, filtered by status", async () => {
    stubApi({ "GET admin/withdrawals": { body: page([manual, payout]) } });
    const { events, router } = renderApp("/admin/withdrawals", { user: root });

    expect(await screen.findByRole("heading", { level: 1, name: "Withdrawals" })).toBeInTheDocument();
    expect(await screen.findByText("2 withdrawals")).toBeInTheDocument();
    const first = await findCard("1 000 ₽ to mira");
    expect(first.getByRole("link", { name: "mira" })).toHaveAttribute("href", "/profile/mira");
    expect(first.getByText("15,00 ₽")).toBeInTheDocument();
    expect(first.getByText("Card")).toBeInTheDocument();
    expect(first.getByText("•••• 4242")).toBeInTheDocument();
    expect(first.getByText(formatDateTime(manual.created_at))).toBeInTheDocument();
    expect(first.getByText("Waiting")).toBeInTheDocument();
    expect((await findCard("2 500 ₽ to alex")).getByText("+7 ••• •••-67-89")).toBeInTheDocument();

    await events.click(screen.getByRole("radio", { name: "Waiting" }));

    await waitFor(() => expect(router.state.location.search).toBe("?status=pending"));
    await waitFor(() =>
      expect(queriesOf("admin/withdrawals")).toEqual([
        { page: "1", per_page: "20" },
        { page: "1", per_page: "20", status: "pending" },
      ]),
    );
  });

  it("requires the payout reference to approve a withdrawal paid by hand", async () => {
    const APPROVE = `POST admin/withdrawals/${MANUAL_ID}/approve`;
    const stub = stubApi({
      "GET admin/withdrawals": [
        { body: page([manual]) },
        { body: page([{ ...manual, status: "paid", payout_reference: "SBER-42" }]) },
      ],
      [APPROVE]: { body: { ...manual, status: "paid", payout_reference: "SBER-42" } },
    });
    const { events } = renderApp("/admin/withdrawals", { user: root });

    await events.click((await findCard("1 000 ₽ to mira")).getByRole("button", { name: "Approve" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Approve this withdrawal?" }));
    await events.click(dialog.getByRole("button", { name: "Mark as paid" }));
    expect(dialog.getByText("Enter the payment reference")).toBeInTheDocument();
    expect(stub.bodiesOf(APPROVE)).toEqual([]);

    await fill(events, dialog.getByRole("textbox", { name: "Payment reference" }), "  SBER-42 ");
    await events.click(dialog.getByRole("button", { name: "Mark as paid" }));

    expect(await screen.findByText("Withdrawal of 1 000 ₽ to mira approved")).toBeInTheDocument();
    expect(stub.bodiesOf(APPROVE)).toEqual([{ payout_reference: "SBER-42" }]);
    const paid = await findCard("1 000 ₽ to mira");
    expect(await paid.findByText("Paid")).toBeInTheDocument();
    expect(paid.getByText("Payment reference: SBER-42")).toBeInTheDocument();
    expect(paid.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
  });

  it("sends a provider payout without a reference", async () => {
    const APPROVE = `POST admin/withdrawals/${PAYOUT_ID}/approve`;
    const stub = stubApi({
      "GET admin/withdrawals": [{ body: page([payout]) }, { body: page([{ ...payout, status: "processing" }]) }],
      [APPROVE]: { body: { ...payout, status: "processing" } },
    });
    const { events } = renderApp("/admin/withdrawals", { user: root });

    await events.click((await findCard("2 500 ₽ to alex")).getByRole("button", { name: "Approve and send payout" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Approve this withdrawal?" }));
    expect(dialog.queryByRole("textbox")).not.toBeInTheDocument();
    await events.click(dialog.getByRole("button", { name: "Send the payout" }));

    await waitFor(() => expect(stub.bodiesOf(APPROVE)).toEqual([{}]));
    expect(await (await findCard("2 500 ₽ to alex")).findByText("Being sent")).toBeInTheDocument();
  });

  it("rejects with the reason the user reads", async () => {
    const REJECT = `POST admin/withdrawals/${MANUAL_ID}/reject`;
    const stub = stubApi({
      "GET admin/withdrawals": [
        { body: page([manual]) },
        { body: page([{ ...manual, status: "rejected", reason: "The card is blocked" }]) },
      ],
      [REJECT]: { body: { ...manual, status: "rejected", reason: "The card is blocked" } },
    });
    const { events } = renderApp("/admin/withdrawals", { user: root });

    await events.click((await findCard("1 000 ₽ to mira")).getByRole("button", { name: "Reject" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Reject this withdrawal?" }));
    expect(dialog.getByText("1 015,00 ₽ goes back to mira's balance.")).toBeInTheDocument();
    await events.click(dialog.getByRole("button", { name: "Reject" }));
    expect(dialog.getByText("Say why")).toBeInTheDocument();
    await fill(events, dialog.getByRole("textbox", { name: "Reason" }), "The card is blocked");
    await events.click(dialog.getByRole("button", { name: "Reject" }));

    expect(
      await screen.findByText("Withdrawal of 1 000 ₽ to mira rejected; the money is back on their balance"),
    ).toBeInTheDocument();
    expect(stub.bodiesOf(REJECT)).toEqual([{ reason: "The card is blocked" }]);
    expect(await (await findCard("1 000 ₽ to mira")).findByText("Reason: The card is blocked")).toBeInTheDocument();
  });

  it("shows why a decision was refused in the dialog", async () => {
    stubApi({
      "GET admin/withdrawals": { body: page([manual]) },
      [`POST admin/withdrawals/${MANUAL_ID}/reject`]: refusal(
        409,
        "WITHDRAWAL_NOT_PENDING",
        "This withdrawal is no longer waiting",
      ),
    });
    const { events } = renderApp("/admin/withdrawals", { user: root });

    await events.click((await findCard("1 000 ₽ to mira")).getByRole("button", { name: "Reject" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Reject this withdrawal?" }));
    await fill(events, dialog.getByRole("textbox", { name: "Reason" }), "Duplicate");
    await events.click(dialog.getByRole("button", { name: "Reject" }));

    expect(await dialog.findByRole("alert")).toHaveTextContent("This withdrawal is no longer waiting");
  });

  it("reveals the full destination once, on request, saying the reading is logged", async () => {
    const DESTINATION = `GET admin/withdrawals/${MANUAL_ID}/destination`;
    const stub = stubApi({
      "GET admin/withdrawals": { body: page([manual]) },
      [DESTINATION]: { body: { method: "card", destination: "4111111111114242", bank_id: null } },
    });
    const { events } = renderApp("/admin/withdrawals", { user: root });

    const card = await findCard("1 000 ₽ to mira");
    expect(card.getByText("Each reading is written to the audit log.")).toBeInTheDocument();
    expect(stub.calls.map((call) => call.route)).not.toContain(DESTINATION);
    await events.click(card.getByRole("button", { name: "Show destination" }));

    expect(await card.findByText("4111111111114242")).toBeInTheDocument();
    expect(card.getByText("This reading was written to the audit log.")).toBeInTheDocument();
    expect(card.queryByRole("button", { name: "Show destination" })).not.toBeInTheDocument();
    expect(stub.calls.filter((call) => call.route === DESTINATION)).toHaveLength(1);
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubApi({ "GET admin/withdrawals": { body: page([manual, payout]) } });
      renderApp("/admin/withdrawals", { user: root });

      expect(await screen.findByRole("heading", { level: 1, name: "Выводы" })).toBeInTheDocument();
      expect(await screen.findByText("2 вывода")).toBeInTheDocument();
      const card = await findCard("1 000 ₽ для mira");
      expect(card.getByRole("button", { name: "Одобрить" })).toBeInTheDocument();
      expect(card.getByRole("button", { name: "Отклонить" })).toBeInTheDocument();
      expect(card.getByRole("button", { name: "Показать реквизиты" })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
