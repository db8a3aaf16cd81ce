import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { DashboardInfo } from "@lootlane/contract";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { queriesOf, refusal, stubApi } from "@/test/stub-api";

const admin = makeUser({ username: "root", role: "admin" });

const info: DashboardInfo = {
  count_of_users: 1234,
  count_of_products: 87,
  products_in_moderation: 5,
  open_disputes: 2,
  deals_last_7_days: 19,
  turnover_last_7_days: 45200.5,
  top_ups_last_7_days: 30000,
  payouts_last_7_days: 12500,
  commission_earned: 2260.03,
  held_in_escrow: 8100,
  pending_withdrawals: 1500,
  withdrawals_waiting: 2,
};

function card(name: string) {
  return screen.getByRole("region", { name });
}

describe("admin dashboard", () => {
  it("shows a loading placeholder, then every count as a card", async () => {
    stubApi({ "GET admin/dashboard-info": { body: info } });
    renderApp("/admin", { user: admin });

    expect(await screen.findByRole("status")).toHaveTextContent("Loading…");
    expect(await screen.findByRole("region", { name: "Users" })).toHaveTextContent("1 234");
    expect(card("Products")).toHaveTextContent("87");
    expect(card("Waiting for moderation")).toHaveTextContent("5");
    expect(card("Open disputes")).toHaveTextContent("2");
    expect(card("Deals in the last 7 days")).toHaveTextContent("19");
    expect(within(card("Turnover in the last 7 days")).getByText("45 200,50 ₽")).toBeInTheDocument();
    expect(card("Top-ups in the last 7 days")).toHaveTextContent("30 000,00 ₽");
    expect(card("Payouts in the last 7 days")).toHaveTextContent("12 500,00 ₽");
    expect(card("Commission earned")).toHaveTextContent("2 260,03 ₽");
    expect(card("Held in deals")).toHaveTextContent("8 100,00 ₽");
    expect(card("Waiting to be paid out")).toHaveTextContent("1 500,00 ₽");
    expect(within(card("Waiting to be paid out")).getByText("2 withdrawals")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
  });

  it("links the figures that wait for an admin to where they are handled", async () => {
    stubApi({ "GET admin/dashboard-info": { body: info } });
    renderApp("/admin", { user: admin });

    expect(await screen.findByRole("link", { name: "Moderate products" })).toHaveAttribute(
      "href",
      "/admin/products?status=moderation",
    );
    expect(screen.getByRole("link", { name: "Resolve disputes" })).toHaveAttribute("href", "/admin/deals");
    expect(screen.getByRole("link", { name: "Decide withdrawals" })).toHaveAttribute(
      "href",
      "/admin/withdrawals?status=pending",
    );
  });

  it("opens the products waiting for moderation, with that filter chosen", async () => {
    stubApi({
      "GET admin/dashboard-info": { body: info },
      "GET admin/products": { body: { products: [], total_pages: 0, page: 1, total: 0 } },
    });
    const { events, router } = renderApp("/admin", { user: admin });

    await events.click(await screen.findByRole("link", { name: "Moderate products" }));

    expect(await screen.findByRole("combobox", { name: "Status" }, { timeout: 15_000 })).toHaveValue("In moderation");
    expect(router.state.location.search).toBe("?status=moderation");
    expect(queriesOf("admin/products")).toEqual([{ page: "1", per_page: "20", status: "moderation" }]);
  });

  it("signs out from the admin menu and goes home as a guest", async () => {
    const api = stubApi({ "GET admin/dashboard-info": { body: info }, "POST auth/logout": { body: {} } });
    const { events, router } = renderApp("/admin", { user: admin });

    await events.click(await screen.findByRole("button", { name: "Sign out" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(api.calls.map((call) => call.route)).toContain("POST auth/logout");
    await waitFor(() => expect(screen.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/signin"));
  });

  it("says why the counts did not load and tries again", async () => {
    stubApi({ "GET admin/dashboard-info": [refusal(403, "INSUFFICIENT_PERMISSIONS", "Not allowed"), { body: info }] });
    const { events } = renderApp("/admin", { user: admin });

    expect(await screen.findByText("Could not load the dashboard")).toBeInTheDocument();
    expect(screen.getByText("You do not have permission to do this")).toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Try again" }));

    expect(await screen.findByRole("region", { name: "Users" })).toHaveTextContent("1 234");
    expect(screen.queryByText("Could not load the dashboard")).not.toBeInTheDocument();
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubApi({ "GET admin/dashboard-info": { body: info } });
      renderApp("/admin", { user: admin });

      expect(await screen.findByRole("region", { name: "Пользователи" })).toHaveTextContent("1 234");
      expect(card("Ждут модерации")).toHaveTextContent("5");
      expect(card("Оборот за 7 дней")).toHaveTextContent("45 200,50 ₽");
      expect(card("Ждёт выплаты")).toHaveTextContent("2 вывода");
      expect(screen.getByRole("heading", { level: 1, name: "Панель управления" })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
