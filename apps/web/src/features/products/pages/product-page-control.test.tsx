import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ProductWithSellerStats } from "@lootlane/contract";
import { makeProduct } from "@/shared/catalog/testing/catalog-fixtures";
import { makeSellerStats } from "@/shared/trust/testing/trust-fixtures";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { refusal, stubApi, type StubReply } from "@/test/stub-api";

/* Issue 19 on the product page: the seller pauses, resumes and relists and reads why moderation refused or an
 * admin took the listing down; anyone else signed in may report it. */

const mira = makeUser({ username: "mira" });
const alex = makeUser({ id: "0b7e1c52-0c43-4c55-a3c3-2d3d4a5b6c7d", username: "alex" });
const product: ProductWithSellerStats = {
  ...makeProduct(7, { title: "Steam key for Hades", seller: { username: "mira", avatar_url: "", rating: 5 } }),
  seller_stats: makeSellerStats(),
};
const owned: ProductWithSellerStats = {
  ...product,
  is_owner: true,
  product_data: "KEY-1",
  product_data_string: "KEY-1",
};
const path = `/product/${product.id}`;

function routes(answer: StubReply | StubReply[], extra: Record<string, StubReply> = {}) {
  return { "GET categories/all": { body: [] }, [`GET products/${product.id}`]: answer, ...extra };
}

describe("the seller in control", () => {
  it("pauses the listing, reads that buyers do not see it, and resumes it", async () => {
    const paused = { ...owned, status: "paused" as const };
    const api = stubApi(
      routes([{ body: owned }, { body: paused }, { body: owned }], {
        [`POST products/${product.id}/pause`]: { body: paused },
        [`POST products/${product.id}/resume`]: { body: owned },
      }),
    );
    const { events } = renderApp(path, { user: mira });

    await events.click(await screen.findByRole("button", { name: "Pause Steam key for Hades" }));

    expect(
      await screen.findByText("Paused: buyers do not see it. Resume it to put it back on sale."),
    ).toBeInTheDocument();
    expect(screen.getByText("PAUSED")).toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Resume Steam key for Hades" }));

    expect(await screen.findByText("“Steam key for Hades” is back on sale")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("ACTIVE")).toBeInTheDocument());
    expect(api.calls.filter((call) => call.route.startsWith("POST")).map((call) => call.route)).toEqual([
      `POST products/${product.id}/pause`,
      `POST products/${product.id}/resume`,
    ]);
  });

  it("says to add units when a paused listing has nothing to sell", async () => {
    stubApi(
      routes(
        { body: { ...owned, status: "paused", in_stock: 0 } },
        { [`POST products/${product.id}/resume`]: refusal(409, "OUT_OF_STOCK", "Not enough in stock") },
      ),
    );
    const { events } = renderApp(path, { user: mira });

    await events.click(await screen.findByRole("button", { name: "Resume Steam key for Hades" }));

    expect(await screen.findByText("Could not change “Steam key for Hades”")).toBeInTheDocument();
    expect(screen.getByText("There is nothing to sell: add units to the stock first.")).toBeInTheDocument();
  });

  it("reads why moderation rejected it", async () => {
    stubApi(routes({ body: { ...owned, status: "rejected", status_reason: "The pictures show another game" } }));
    renderApp(path, { user: mira });

    expect(await screen.findByText(/Rejected by moderation/)).toBeInTheDocument();
    expect(screen.getByText("Reason: The pictures show another game")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Pause|Resume|Relist/ })).not.toBeInTheDocument();
  });

  it("reads a take-down's reason in Russian, with no way to sell it again", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubApi(routes({ body: { ...owned, status: "withdrawn", status_reason: "Поддельные ключи" } }));
      renderApp(path, { user: mira });

      expect(await screen.findByText(/Снят с продажи администратором/)).toBeInTheDocument();
      expect(screen.getByText("Причина: Поддельные ключи")).toBeInTheDocument();
      expect(screen.getByText("СНЯТ")).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: /Возобновить|Выставить/ })).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("is offered Relist for a sold-out listing, and no Report of its own listing", async () => {
    stubApi(routes({ body: { ...owned, status: "completed", is_sold: true, in_stock: 0 } }));
    renderApp(path, { user: mira });

    expect(await screen.findByRole("button", { name: "Relist Steam key for Hades" })).toBeInTheDocument();
    expect(screen.getByText("Sold out. Relist it to sell it again.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Report this listing" })).not.toBeInTheDocument();
  });
});

describe("reporting a listing", () => {
  it("sends the reason and words, and needs words for `Something else`", async () => {
    const api = stubApi(
      routes(
        { body: product },
        {
          "POST reports": {
            body: {
              id: "33333333-0000-4000-8000-000000000001",
              target: "product",
              product: { id: product.id, title: product.title, thumbnail_url: null, status: "active" },
              user: null,
              reason: "other",
              text: "The seller asks to pay outside the site",
              status: "open",
              reporter: { id: alex.id, username: "alex" },
              resolution_note: null,
              resolved_by: null,
              created_at: "2025-03-01T12:00:00.000Z",
              resolved_at: null,
            },
          },
        },
      ),
    );
    const { events } = renderApp(path, { user: alex });

    await events.click(await screen.findByRole("button", { name: "Report this listing" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Report “Steam key for Hades”" }));
    await events.click(dialog.getByRole("button", { name: "Send report" }));
    expect(await dialog.findByText("Choose what is wrong")).toBeInTheDocument();

    await events.click(dialog.getByRole("combobox", { name: /What is wrong\?/ }));
    await events.click(await dialog.findByRole("option", { name: "Something else" }));
    await events.type(dialog.getByRole("textbox", { name: "Details" }), "Odd");
    await events.click(dialog.getByRole("button", { name: "Send report" }));
    expect(await dialog.findByText("Say what is wrong in at least 10 characters")).toBeInTheDocument();
    expect(api.bodiesOf("POST reports")).toEqual([]);

    await events.type(dialog.getByRole("textbox", { name: "Details" }), ": the seller asks to pay outside the site");
    await events.click(dialog.getByRole("button", { name: "Send report" }));

    expect(await screen.findByText("Thank you: the administrators will look into it.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.bodiesOf("POST reports")).toEqual([
      {
        target: "product",
        product_id: product.id,
        reason: "other",
        text: "Odd: the seller asks to pay outside the site",
      },
    ]);
  });

  it("shows the server's refusal in the dialog", async () => {
    stubApi(
      routes(
        { body: product },
        {
          "POST reports": refusal(429, "REPORT_RATE_LIMITED", "You have sent many reports lately, try again in 60 s"),
        },
      ),
    );
    const { events } = renderApp(path, { user: alex });

    await events.click(await screen.findByRole("button", { name: "Report this listing" }));
    const dialog = within(await screen.findByRole("dialog"));
    await events.click(dialog.getByRole("combobox", { name: /What is wrong\?/ }));
    await events.click(await dialog.findByRole("option", { name: "Spam" }));
    await events.click(dialog.getByRole("button", { name: "Send report" }));

    expect(await dialog.findByRole("alert")).toHaveTextContent("You have sent many reports lately, try again in 60 s");
  });

  it("is not offered to a guest", async () => {
    stubApi(routes({ body: product }));
    renderApp(path, { user: null });

    expect(await screen.findByRole("heading", { level: 1, name: "Steam key for Hades" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Report this listing" })).not.toBeInTheDocument();
  });
});
