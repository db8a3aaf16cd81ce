import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AuditLogEntry, AuditLogPage } from "@lootlane/contract";
import { formatDateTime } from "@/shared/format/date";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { queriesOf, refusal, stubApi } from "@/test/stub-api";
import { setViewportWidth } from "@/test/viewport";

const root = makeUser({ id: "00000000-0000-4000-8000-000000000001", username: "root", role: "admin" });
const ROOT = { id: root.id, username: "root" };
const NINA = { id: "00000000-0000-4000-8000-000000000009", username: "nina_admin" };
const MIRA_ID = "00000000-0000-4000-8000-000000000002";
const PRODUCT_ID = "00000000-0000-4000-8000-000000000107";

function entry(n: number, overrides: Partial<AuditLogEntry>): AuditLogEntry {
  return {
    id: `77777777-0000-4000-8000-${n.toString().padStart(12, "0")}`,
    admin: ROOT,
    action: "user.update",
    target_type: "user",
    target_id: MIRA_ID,
    target_name: "mira",
    before: null,
    after: null,
    created_at: `2025-11-2${n}T12:00:00.000Z`,
    ...overrides,
  };
}

const banned = entry(3, { action: "user.ban", before: { is_banned: false }, after: { is_banned: true } });
const approved = entry(2, {
  admin: NINA,
  action: "product.approve",
  target_type: "product",
  target_id: PRODUCT_ID,
  target_name: "Dota 2 account",
  before: { status: "moderation" },
  after: { status: "active" },
});
const unknown = entry(1, { action: "wallet.freeze_all", target_type: "withdrawal", target_name: null });

function logPage(entries: AuditLogEntry[], page = 1, totalPages = 1, total = entries.length): AuditLogPage {
  return { entries, page, total_pages: totalPages, total };
}

function row(name: string) {
  return within(screen.getByRole("listitem", { name }));
}

describe("admin audit log", { timeout: 20_000 }, () => {
  it("shows who did what to whom and what changed, newest first, unknown actions by their code", async () => {
    stubApi({ "GET admin/audit-log": { body: logPage([banned, approved, unknown]) } });
    renderApp("/admin/audit-log", { user: root });

    expect(
      await screen.findByRole("heading", { level: 1, name: "Audit log" }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText("3 actions")).toBeInTheDocument();
    const items = within(screen.getByRole("list", { name: "Admin actions" })).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveAccessibleName("User banned");
    expect(items[1]).toHaveAccessibleName("Product approved");
    expect(items[2]).toHaveAccessibleName("wallet.freeze_all");
    expect(row("User banned").getByText("root")).toBeInTheDocument();
    expect(row("User banned").getByText("mira")).toBeInTheDocument();
    expect(row("User banned").getByText("false → true")).toBeInTheDocument();
    expect(row("User banned").getByText(formatDateTime(banned.created_at))).toBeInTheDocument();
    expect(row("Product approved").getByText("nina_admin")).toBeInTheDocument();
    expect(row("Product approved").getByText("Dota 2 account")).toBeInTheDocument();
    expect(row("Product approved").getByText("moderation → active")).toBeInTheDocument();
    // A target without a name shows its id.
    expect(row("wallet.freeze_all").getByText(MIRA_ID)).toBeInTheDocument();
    expect(queriesOf("admin/audit-log")).toEqual([{ page: "1", per_page: "20" }]);
  });

  it("narrows to an entry's admin and target, and to an action and a kind of target, in the address and the request", async () => {
    stubApi({
      "GET admin/audit-log": { body: logPage([banned, approved]) },
      [`GET admin/user/${NINA.id}`]: { body: makeUser(NINA) },
    });
    const { events, router } = renderApp("/admin/audit-log", { user: root });
    const address = () => Object.fromEntries(new URLSearchParams(router.state.location.search));

    await events.click(await screen.findByRole("button", { name: "Only what nina_admin did" }, { timeout: 15_000 }));
    await waitFor(() => expect(address()).toEqual({ admin: NINA.id }));
    expect(await screen.findByText("Admin: nina_admin")).toBeInTheDocument();

    await events.click(screen.getByRole("button", { name: "Only what was done to mira" }));
    await waitFor(() => expect(address()).toEqual({ admin: NINA.id, target_type: "user", target_id: MIRA_ID }));
    expect(await screen.findByText("Target: mira")).toBeInTheDocument();

    await events.click(screen.getByRole("combobox", { name: "Action" }));
    await events.click(await screen.findByRole("option", { name: "User banned" }));
    await waitFor(() => expect(address().action).toBe("user.ban"));

    await events.click(screen.getByRole("button", { name: "Show every target, not only mira" }));
    await waitFor(() => expect(address()).toEqual({ admin: NINA.id, action: "user.ban", target_type: "user" }));
    await events.click(screen.getByRole("combobox", { name: "Kind of target" }));
    await events.click(await screen.findByRole("option", { name: "Product" }));
    await waitFor(() => expect(address()).toEqual({ admin: NINA.id, action: "user.ban", target_type: "product" }));

    expect(queriesOf("admin/audit-log")).toEqual([
      { page: "1", per_page: "20" },
      { page: "1", per_page: "20", admin_id: NINA.id },
      { page: "1", per_page: "20", admin_id: NINA.id, target_type: "user", target_id: MIRA_ID },
      { page: "1", per_page: "20", admin_id: NINA.id, action: "user.ban", target_type: "user", target_id: MIRA_ID },
      { page: "1", per_page: "20", admin_id: NINA.id, action: "user.ban", target_type: "user" },
      { page: "1", per_page: "20", admin_id: NINA.id, action: "user.ban", target_type: "product" },
    ]);
  });

  it("opens with the filters and the page of the address, and pages on", async () => {
    stubApi({
      "GET admin/audit-log": [{ body: logPage([banned], 2, 3, 41) }, { body: logPage([approved], 3, 3, 41) }],
      [`GET admin/user/${NINA.id}`]: { body: makeUser(NINA) },
    });
    const { events, router } = renderApp(`/admin/audit-log?admin=${NINA.id}&action=user.ban&page=2`, { user: root });

    expect(await screen.findByText("41 actions", {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByText("Admin: nina_admin")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Action" })).toHaveValue("User banned");
    await events.click(screen.getByRole("button", { name: "Page 3" }));

    expect(await screen.findByRole("listitem", { name: "Product approved" })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?admin=${NINA.id}&action=user.ban&page=3`);
    expect(queriesOf("admin/audit-log")).toEqual([
      { page: "2", per_page: "20", admin_id: NINA.id, action: "user.ban" },
      { page: "3", per_page: "20", admin_id: NINA.id, action: "user.ban" },
    ]);
  });

  it("says when nothing matches, and why the log did not load", async () => {
    stubApi({ "GET admin/audit-log": [refusal(500, "SERVER_ERROR", "Internal error"), { body: logPage([]) }] });
    const { events } = renderApp("/admin/audit-log?action=user.ban", { user: root });

    const alert = await screen.findByRole("alert", {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent("The audit log did not load");
    await events.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No actions match these filters")).toBeInTheDocument();
  });

  it("fits a phone: each entry's facts and filters are there at 375 px", async () => {
    setViewportWidth(375);
    stubApi({ "GET admin/audit-log": { body: logPage([approved]) } });
    renderApp("/admin/audit-log", { user: root });

    const card = within(await screen.findByRole("listitem", { name: "Product approved" }, { timeout: 15_000 }));
    expect(card.getByRole("button", { name: "Only what nina_admin did" })).toBeInTheDocument();
    expect(card.getByRole("button", { name: "Only what was done to Dota 2 account" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Action" })).toBeInTheDocument();
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubApi({ "GET admin/audit-log": { body: logPage([banned, approved, unknown], 1, 1, 5) } });
      renderApp("/admin/audit-log", { user: root });

      expect(
        await screen.findByRole("heading", { level: 1, name: "Журнал действий" }, { timeout: 15_000 }),
      ).toBeInTheDocument();
      expect(await screen.findByText("5 действий")).toBeInTheDocument();
      expect(screen.getByRole("listitem", { name: "Блокировка пользователя" })).toBeInTheDocument();
      expect(row("Одобрение товара").getByText("Товар")).toBeInTheDocument();
      expect(screen.getByRole("listitem", { name: "wallet.freeze_all" })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
