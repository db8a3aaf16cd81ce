import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Product } from "@lootlane/contract";
import { makeProduct } from "@/shared/catalog/testing/catalog-fixtures";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { errorResponse, jsonResponse, queriesOf, stubRoutes } from "@/test/stub-api";
import { ownProfileOf, publicProfileOf } from "../testing/profile-fixtures";

const mira = makeUser({ username: "mira" });
const seller = { username: "mira", avatar_url: "", rating: 5 };

const onSale = makeProduct(1, { title: "Arcana bundle", status: "active", seller });
const inModeration = makeProduct(2, { title: "Immortal treasure", status: "moderation", seller });
const bought = makeProduct(3, { title: "Account with 5000 MMR", status: "purchased", is_sold: true, seller });
const delivered = makeProduct(4, { title: "Battle pass level 300", status: "completed", is_sold: true, seller });
const refused = makeProduct(5, { title: "Courier skin", status: "rejected", seller });

/**
 * GET /v1/products/user/by-username/mira as the server answers it: `products` newest first, filtered by `shelf`,
 * one page of `per_page`.
 */
function sellerProducts(products: Product[]) {
  return (request: Request) => {
    const query = new URL(request.url).searchParams;
    const shelf = query.get("shelf");
    const onShelf = products.filter((product) =>
      shelf === "on_sale" ? product.status === "active" : shelf === "sold" ? product.is_sold : true,
    );
    const perPage = Number(query.get("per_page") ?? 30);
    const page = Number(query.get("page") ?? 1);
    return jsonResponse(200, onShelf.slice((page - 1) * perPage, page * perPage));
  };
}

/** The cards in the open tab: each card's title and its status label, if it shows one. */
function cardsInPanel() {
  return within(screen.getByRole("tabpanel"))
    .queryAllByRole("listitem")
    .map((card) => ({
      title: within(card).getByRole("link").querySelector("p")?.textContent,
      label: card.querySelector(".mantine-Badge-root")?.textContent ?? null,
    }));
}

/** The seller's control under each card of the open tab, by the card's title. */
function controlsInPanel() {
  return within(screen.getByRole("tabpanel"))
    .queryAllByRole("listitem")
    .map((card) => [
      within(card).getByRole("link").querySelector("p")?.textContent,
      within(card).queryByRole("button")?.textContent ?? null,
    ]);
}

describe("profile product tabs", () => {
  it("lists every one of the owner's products with its status label", async () => {
    const api = stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, ownProfileOf(mira)),
      "GET /v1/products/user/by-username/mira": sellerProducts([onSale, inModeration, bought, delivered, refused]),
    });
    renderApp("/profile/mira", { user: mira });

    expect(await screen.findByRole("link", { name: /Arcana bundle/ })).toHaveAttribute("href", `/product/${onSale.id}`);
    expect(cardsInPanel()).toEqual([
      { title: "Arcana bundle", label: "ACTIVE" },
      { title: "Immortal treasure", label: "PENDING" },
      { title: "Account with 5000 MMR", label: "SOLD" },
      { title: "Battle pass level 300", label: "SOLD" },
      { title: "Courier skin", label: "REJECTED" },
    ]);
    // Pause what is on sale, relist what sold out; nothing for what moderation holds.
    expect(controlsInPanel()).toEqual([
      ["Arcana bundle", "Pause"],
      ["Immortal treasure", null],
      ["Account with 5000 MMR", "Relist"],
      ["Battle pass level 300", "Relist"],
      ["Courier skin", null],
    ]);
    expect(screen.queryByText("No products yet")).not.toBeInTheDocument();
    // One page is all there is.
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.startsWith("GET /v1/products/"))).toEqual([
      "GET /v1/products/user/by-username/mira",
    ]);
  });

  it("pauses a listing from the owner's list, which then shows it paused with Resume", async () => {
    let listed = [onSale];
    const api = stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, ownProfileOf(mira)),
      "GET /v1/products/user/by-username/mira": () => jsonResponse(200, listed),
      [`POST /v1/products/${onSale.id}/pause`]: () => {
        listed = [{ ...onSale, status: "paused", is_owner: true }];
        return jsonResponse(200, listed[0]);
      },
    });
    const { events } = renderApp("/profile/mira", { user: mira });

    await events.click(await screen.findByRole("button", { name: "Pause Arcana bundle" }));

    expect(await screen.findByText("“Arcana bundle” is paused: buyers do not see it")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Resume Arcana bundle" })).toBeInTheDocument();
    expect(cardsInPanel()).toEqual([{ title: "Arcana bundle", label: "PAUSED" }]);
    expect(api.calls.filter((call) => call.startsWith("POST"))).toEqual([`POST /v1/products/${onSale.id}/pause`]);
  });

  it("asks for the quantity to relist a sold-out manual listing", async () => {
    const manual = { ...delivered, delivery: "manual" as const, in_stock: 0 };
    const api = stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, ownProfileOf(mira)),
      "GET /v1/products/user/by-username/mira": sellerProducts([manual]),
      [`POST /v1/products/${manual.id}/relist`]: () =>
        jsonResponse(200, { ...manual, status: "active", is_sold: false, in_stock: 5 }),
    });
    const { events } = renderApp("/profile/mira", { user: mira });

    await events.click(await screen.findByRole("button", { name: "Relist Battle pass level 300" }));
    const dialog = await screen.findByRole("dialog", { name: "Relist “Battle pass level 300”" });
    await events.clear(within(dialog).getByRole("textbox", { name: "Quantity" }));
    await events.type(within(dialog).getByRole("textbox", { name: "Quantity" }), "5");
    await events.click(within(dialog).getByRole("button", { name: "Put on sale" }));

    expect(await screen.findByText("“Battle pass level 300” is on sale again")).toBeInTheDocument();
    expect(await api.last(`POST /v1/products/${manual.id}/relist`)?.json()).toEqual({ quantity: 5 });
  });

  it("says to add units when an automatic listing has nothing to relist", async () => {
    stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, ownProfileOf(mira)),
      "GET /v1/products/user/by-username/mira": sellerProducts([bought]),
      [`POST /v1/products/${bought.id}/relist`]: () =>
        errorResponse(409, "OUT_OF_STOCK", "Not enough in stock for this purchase"),
    });
    const { events } = renderApp("/profile/mira", { user: mira });

    await events.click(await screen.findByRole("button", { name: "Relist Account with 5000 MMR" }));

    expect(await screen.findByText("There is nothing to sell: add units to the stock first.")).toBeInTheDocument();
  });

  it("shows a visitor what is on sale under Active and what sold under Sold", async () => {
    stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, publicProfileOf(mira)),
      "GET /v1/products/user/by-username/mira": sellerProducts([onSale, bought, delivered]),
    });
    const { events } = renderApp("/profile/mira", { user: null });

    await screen.findByRole("link", { name: /Arcana bundle/ });
    // On sale is the visitor's default: no label needed.
    expect(cardsInPanel()).toEqual([{ title: "Arcana bundle", label: null }]);

    await events.click(screen.getByRole("tab", { name: "Sold" }));
    expect(cardsInPanel()).toEqual([
      { title: "Account with 5000 MMR", label: "SOLD" },
      { title: "Battle pass level 300", label: "SOLD" },
    ]);
  });

  it("keeps a tab's empty state when none of the products belong in it", async () => {
    stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, publicProfileOf(mira)),
      "GET /v1/products/user/by-username/mira": sellerProducts([bought]),
    });
    renderApp("/profile/mira", { user: null });

    await waitFor(() => expect(screen.getByRole("tabpanel")).toHaveTextContent("No products yet"));
    expect(cardsInPanel()).toEqual([]);
  });

  it("pages through more products than fit a page with Load more, asking the server for each tab's shelf", async () => {
    const many = Array.from({ length: 33 }, (_, index) =>
      makeProduct(10 + index, { title: `Listing number ${index + 1}`, seller }),
    );
    stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, publicProfileOf(mira)),
      "GET /v1/products/user/by-username/mira": sellerProducts([...many, bought]),
    });
    const { events } = renderApp("/profile/mira", { user: null });

    await waitFor(() => expect(cardsInPanel()).toHaveLength(30));
    await events.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(cardsInPanel()).toHaveLength(33));
    expect(cardsInPanel().map((card) => card.title)).toEqual(many.map((product) => product.title));
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(queriesOf("products/user/by-username/mira")).toEqual([
      { page: "1", per_page: "30", shelf: "on_sale" },
      { page: "2", per_page: "30", shelf: "on_sale" },
    ]);

    await events.click(screen.getByRole("tab", { name: "Sold" }));
    await waitFor(() => expect(cardsInPanel()).toEqual([{ title: "Account with 5000 MMR", label: "SOLD" }]));
  });

  it("says Load more in Russian", async () => {
    stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, publicProfileOf(mira)),
      "GET /v1/products/user/by-username/mira": sellerProducts(
        Array.from({ length: 31 }, (_, index) => makeProduct(10 + index, { seller })),
      ),
    });
    await i18n.changeLanguage("ru");
    try {
      renderApp("/profile/mira", { user: null });
      expect(await screen.findByRole("button", { name: "Показать ещё" })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("opens the tab the address names, as the product page's link to all reviews does", async () => {
    stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, publicProfileOf(mira)),
      "GET /v1/products/user/by-username/mira": sellerProducts([onSale]),
      "GET /v1/users/mira/reviews": () => jsonResponse(200, []),
    });
    const { events, router } = renderApp("/profile/mira?tab=reviews", { user: null });

    expect(await screen.findByRole("tab", { name: "Reviews" })).toHaveAttribute("aria-selected", "true");
    await waitFor(() => expect(screen.getByRole("tabpanel")).toHaveTextContent("No reviews yet"));
    await events.click(screen.getByRole("tab", { name: "Sold" }));
    expect(router.state.location.search).toBe("?tab=sold");
    await events.click(screen.getByRole("tab", { name: "Active" }));
    expect(router.state.location.search).toBe("");
  });

  it("says when the products did not load and tries again on request", async () => {
    let fail = true;
    stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, ownProfileOf(mira)),
      "GET /v1/products/user/by-username/mira": (request) =>
        fail ? errorResponse(400, "DATABASE_ERROR", "Database error") : sellerProducts([onSale])(request),
    });
    const { events } = renderApp("/profile/mira", { user: mira });

    expect(await screen.findByText("The products did not load")).toBeInTheDocument();
    fail = false;
    await events.click(screen.getByRole("button", { name: "Try again" }));

    expect(await screen.findByRole("link", { name: /Arcana bundle/ })).toBeInTheDocument();
  });
});
