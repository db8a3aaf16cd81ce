import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { StockPage, StockUnit } from "@lootlane/contract";
import { makeProduct } from "@/shared/catalog/testing/catalog-fixtures";
import { i18n } from "@/shared/i18n/i18n";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { queriesOf, refusal, stubApi, type StubReply } from "@/test/stub-api";
import { errorOf, field } from "../components/product-form/testing/product-form-fixtures";

const mira = makeUser({ username: "mira" });
const own = makeProduct(7, { title: "Steam keys for Hades II", is_owner: true, in_stock: 2 });
const STOCK = `products/${own.id}/stock`;

function unit(n: number, overrides: Partial<StockUnit> = {}): StockUnit {
  return {
    id: `66666666-0000-4000-8000-${n.toString().padStart(12, "0")}`,
    item: `HADES-KEY-${n}`,
    state: "available",
    deal_id: null,
    created_at: "2025-11-20T10:00:00.000Z",
    sold_at: null,
    ...overrides,
  };
}

const sold = unit(1, {
  state: "sold",
  deal_id: "55555555-0000-4000-8000-000000000001",
  sold_at: "2025-11-22T10:00:00.000Z",
});
const page = (units: StockUnit[], more: Partial<StockPage> = {}): StockPage => ({
  units,
  page: 1,
  total_pages: 1,
  total: units.length,
  in_stock: 2,
  sold: 1,
  ...more,
});

function openStock(stock: StubReply | StubReply[], more: Record<string, StubReply | StubReply[]> = {}, user = mira) {
  const api = stubApi({ [`GET products/${own.id}`]: { body: own }, [`GET ${STOCK}`]: stock, ...more });
  return { api, ...renderApp(`/product/${own.id}/stock`, { user }) };
}

describe("stock screen", () => {
  it("lists the units oldest first with sold or not, and the counts", async () => {
    openStock({ body: page([sold, unit(2), unit(3)]) });

    expect(await screen.findByRole("heading", { level: 1, name: "Stock" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Steam keys for Hades II" })).toHaveAttribute("href", `/product/${own.id}`);
    expect(await screen.findByText("In stock: 2")).toBeInTheDocument();
    expect(screen.getByText("Sold: 1")).toBeInTheDocument();
    const rows = within(screen.getByRole("list", { name: "Units" })).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^HADES-KEY-1Sold\s*Sold 22\.11\.2025$/),
      expect.stringMatching(/^HADES-KEY-2In stock\s*Added 20\.11\.2025Remove$/),
      expect.stringMatching(/^HADES-KEY-3In stock\s*Added 20\.11\.2025Remove$/),
    ]);
    // A sold unit is the buyer's: it cannot be taken back.
    expect(within(rows[0]!).queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows one state and pages through it, keeping both in the address", async () => {
    const { events, router } = openStock({ body: page([sold], { total_pages: 3, total: 41 }) });
    await screen.findByText("HADES-KEY-1");

    await events.click(screen.getByRole("radio", { name: "Sold" }));
    await waitFor(() => expect(router.state.location.search).toBe("?state=sold"));
    await events.click(await screen.findByRole("button", { name: "Page 2" }));

    await waitFor(() => expect(router.state.location.search).toBe("?state=sold&page=2"));
    await waitFor(() => expect(queriesOf(STOCK).at(-1)).toEqual({ state: "sold", page: "2", per_page: "20" }));
  });

  it("adds pasted units all at once, and clears the box", async () => {
    const { api, events } = openStock([{ body: page([unit(2)]) }, { body: page([unit(2), unit(3), unit(4)]) }], {
      [`POST ${STOCK}`]: { body: { added: 2, in_stock: 3 } },
    });
    await screen.findByText("HADES-KEY-2");

    await fill(events, field("Units of stock"), "HADES-KEY-3\nHADES-KEY-4");
    expect(screen.getByText("2 units")).toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Add units" }));

    expect(await screen.findByText("2 units added. Buyers can take them now.")).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${STOCK}`)).toEqual([{ stock_items: "HADES-KEY-3\nHADES-KEY-4" }]);
    expect(field("Units of stock")).toHaveValue("");
    expect(await screen.findByText("HADES-KEY-4")).toBeInTheDocument();
  });

  it("names the lines the server refused and keeps the text", async () => {
    const { api, events } = openStock(
      { body: page([unit(2)]) },
      {
        [`POST ${STOCK}`]: refusal(422, "VALIDATION_ERROR", "Some fields are filled in incorrectly", [
          { field: "stock_items", message: "Line 1 is already in the listing" },
        ]),
      },
    );
    await screen.findByText("HADES-KEY-2");

    await fill(events, field("Units of stock"), "HADES-KEY-2\nHADES-KEY-9");
    await events.click(screen.getByRole("button", { name: "Add units" }));

    await waitFor(() => expect(errorOf(field("Units of stock"))).toBe("Line 1 is already in the listing"));
    expect(field("Units of stock")).toHaveValue("HADES-KEY-2\nHADES-KEY-9");
    expect(api.calls).toHaveLength(3);
  });

  it("checks the units before sending", async () => {
    const { api, events } = openStock({ body: page([unit(2)]) });
    await screen.findByText("HADES-KEY-2");

    await events.click(screen.getByRole("button", { name: "Add units" }));
    expect(errorOf(field("Units of stock"))).toBe("Add at least one unit, one per line");
    await fill(events, field("Units of stock"), "A\nA");
    await events.click(screen.getByRole("button", { name: "Add units" }));

    expect(errorOf(field("Units of stock"))).toBe("Line 2 repeats line 1");
    expect(api.calls.map((call) => call.route)).not.toContain(`POST ${STOCK}`);
  });

  it("removes an unsold unit after asking, and says why when it cannot", async () => {
    const remove = `DELETE ${STOCK}/${unit(3).id}`;
    const { api, events } = openStock([{ body: page([unit(2), unit(3)]) }, { body: page([unit(2)]) }], {
      [remove]: [
        refusal(409, "STOCK_UNIT_SOLD", "This unit was sold to a buyer and cannot be removed"),
        { body: { in_stock: 1 } },
      ],
    });
    await screen.findByText("HADES-KEY-3");

    await events.click(screen.getByRole("button", { name: "Remove HADES-KEY-3" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove this unit?" });
    expect(within(dialog).getByText("HADES-KEY-3")).toBeInTheDocument();
    await events.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This unit was sold to a buyer and cannot be removed",
    );
    await events.click(within(dialog).getByRole("button", { name: "Remove" }));

    expect(await screen.findByText("The unit was removed")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("HADES-KEY-3")).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.route === remove)).toHaveLength(2);
  });

  it("lets an admin read the units but not change them", async () => {
    openStock(
      { body: page([unit(2)]) },
      { [`GET products/${own.id}`]: { body: { ...own, is_owner: false } } },
      {
        ...mira,
        role: "admin",
      },
    );

    expect(await screen.findByText("HADES-KEY-2")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Units of stock" })).not.toBeInTheDocument();
  });

  it("sends anyone else to the page-forbidden screen, without asking for the units", async () => {
    const { api, router } = openStock(
      { body: page([unit(2)]) },
      {
        [`GET products/${own.id}`]: { body: { ...own, is_owner: false } },
      },
    );

    await waitFor(() => expect(router.state.location.pathname).toBe("/not-access"));
    expect(api.calls.map((call) => call.route)).not.toContain(`GET ${STOCK}`);
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      openStock({ body: page([sold, unit(2)], { in_stock: 5 }) });

      expect(await screen.findByRole("heading", { level: 1, name: "Запас" })).toBeInTheDocument();
      expect(await screen.findByText("В наличии: 5")).toBeInTheDocument();
      expect(screen.getByText("Продана 22.11.2025")).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Убрать HADES-KEY-2" })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
