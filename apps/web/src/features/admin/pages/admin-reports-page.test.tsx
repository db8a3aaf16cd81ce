import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Report, ReportPage } from "@lootlane/contract";
import { formatDateTime } from "@/shared/format/date";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { queriesOf, refusal, stubApi } from "@/test/stub-api";

const root = makeUser({ id: "00000000-0000-4000-8000-000000000001", username: "root", role: "admin" });
const PRODUCT_REPORT = "33333333-0000-4000-8000-000000000001";
const USER_REPORT = "33333333-0000-4000-8000-000000000002";

const ofListing: Report = {
  id: PRODUCT_REPORT,
  target: "product",
  product: {
    id: "00000000-0000-4000-8000-000000000007",
    title: "Steam key for Hades",
    thumbnail_url: null,
    status: "active",
  },
  user: null,
  reason: "fraud",
  text: "The key was already used",
  status: "open",
  reporter: { id: "00000000-0000-4000-8000-000000000002", username: "alex" },
  resolution_note: null,
  resolved_by: null,
  created_at: "2025-11-20T10:00:00.000Z",
  resolved_at: null,
};
const ofUser: Report = {
  ...ofListing,
  id: USER_REPORT,
  target: "user",
  product: null,
  user: { id: "00000000-0000-4000-8000-000000000003", username: "mira", is_banned: true },
  reason: "offensive",
  text: "",
  status: "dismissed",
  resolution_note: "Banned already",
  resolved_by: { id: root.id, username: "root" },
  resolved_at: "2025-11-21T09:30:00.000Z",
};

function page(reports: Report[]): ReportPage {
  return { reports, page: 1, total_pages: 1, total: reports.length };
}

async function findCard(name: string) {
  return within(await screen.findByRole("listitem", { name }));
}

describe("admin reports", () => {
  it("lists reports with their target, status, reason, reporter, words and date, filtered by status", async () => {
    stubApi({ "GET admin/reports": { body: page([ofListing, ofUser]) } });
    const { events, router } = renderApp("/admin/reports", { user: root });

    expect(await screen.findByRole("heading", { level: 1, name: "Reports" })).toBeInTheDocument();
    expect(await screen.findByText("2 reports")).toBeInTheDocument();
    const listing = await findCard("Report of Steam key for Hades");
    expect(listing.getByRole("link", { name: "Steam key for Hades" })).toHaveAttribute(
      "href",
      "/product/00000000-0000-4000-8000-000000000007",
    );
    expect(listing.getByText("Listing")).toBeInTheDocument();
    expect(listing.getByText("Active")).toBeInTheDocument();
    expect(listing.getByText("Open")).toBeInTheDocument();
    expect(listing.getByText("Fraud or a scam")).toBeInTheDocument();
    expect(listing.getByRole("link", { name: "alex" })).toHaveAttribute("href", "/profile/alex");
    expect(listing.getByText("The key was already used")).toBeInTheDocument();
    expect(listing.getByText(formatDateTime(ofListing.created_at))).toBeInTheDocument();
    expect(listing.getByRole("button", { name: "Resolve the report of Steam key for Hades" })).toBeInTheDocument();

    const user = await findCard("Report of mira");
    expect(user.getByRole("link", { name: "mira" })).toHaveAttribute("href", "/profile/mira");
    expect(user.getByText("Banned")).toBeInTheDocument();
    expect(user.getByText("Dismissed")).toBeInTheDocument();
    expect(user.getByText("Nothing written")).toBeInTheDocument();
    expect(user.getByText(`Decided by root on ${formatDateTime(ofUser.resolved_at!)}`)).toBeInTheDocument();
    expect(user.getByText("Banned already")).toBeInTheDocument();
    expect(user.queryByRole("button")).not.toBeInTheDocument();

    await events.click(screen.getByRole("radio", { name: "Open" }));

    await waitFor(() => expect(router.state.location.search).toBe("?status=open"));
    await waitFor(() =>
      expect(queriesOf("admin/reports")).toEqual([
        { page: "1", per_page: "20" },
        { page: "1", per_page: "20", status: "open" },
      ]),
    );
  });

  it("resolves a report with a note, then shows it decided", async () => {
    const decided: Report = {
      ...ofListing,
      status: "resolved",
      resolution_note: "Listing taken down",
      resolved_by: { id: root.id, username: "root" },
      resolved_at: "2025-11-21T09:30:00.000Z",
    };
    const api = stubApi({
      "GET admin/reports": [{ body: page([ofListing]) }, { body: page([decided]) }],
      [`POST admin/reports/${PRODUCT_REPORT}/resolve`]: { body: decided },
    });
    const { events } = renderApp("/admin/reports", { user: root });

    await events.click(await screen.findByRole("button", { name: "Resolve the report of Steam key for Hades" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Resolve the report" }));
    await events.type(dialog.getByRole("textbox", { name: "Note" }), "  Listing taken down ");
    await events.click(dialog.getByRole("button", { name: "Resolve" }));

    expect(await screen.findByText("The report of Steam key for Hades is resolved")).toBeInTheDocument();
    expect(api.bodiesOf(`POST admin/reports/${PRODUCT_REPORT}/resolve`)).toEqual([
      { status: "resolved", note: "Listing taken down" },
    ]);
    const card = await findCard("Report of Steam key for Hades");
    await waitFor(() => expect(card.getByText("Resolved")).toBeInTheDocument());
    expect(card.getByText("Listing taken down")).toBeInTheDocument();
    expect(card.queryByRole("button")).not.toBeInTheDocument();
  });

  it("dismisses without a note, and shows why a decision failed", async () => {
    const api = stubApi({
      "GET admin/reports": { body: page([ofListing]) },
      [`POST admin/reports/${PRODUCT_REPORT}/resolve`]: refusal(
        409,
        "REPORT_ALREADY_DECIDED",
        "This report has already been decided",
      ),
    });
    const { events } = renderApp("/admin/reports", { user: root });

    await events.click(await screen.findByRole("button", { name: "Dismiss the report of Steam key for Hades" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Dismiss the report" }));
    await events.click(dialog.getByRole("button", { name: "Dismiss" }));

    expect(await dialog.findByRole("alert")).toHaveTextContent("This report has already been decided");
    expect(api.bodiesOf(`POST admin/reports/${PRODUCT_REPORT}/resolve`)).toEqual([{ status: "dismissed" }]);
  });

  it("speaks Russian, with plural forms", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubApi({ "GET admin/reports": { body: { ...page([ofListing]), total: 5 } } });
      renderApp("/admin/reports", { user: root });

      expect(await screen.findByRole("heading", { level: 1, name: "Жалобы" })).toBeInTheDocument();
      expect(await screen.findByText("5 жалоб")).toBeInTheDocument();
      const card = await findCard("Жалоба на Steam key for Hades");
      expect(card.getByText("Мошенничество или обман")).toBeInTheDocument();
      expect(card.getByRole("button", { name: "Решить жалобу на Steam key for Hades" })).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Жалобы" })).toHaveAttribute("aria-current", "page");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
