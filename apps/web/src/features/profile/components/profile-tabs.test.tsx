import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeProduct } from "@/shared/catalog/testing/catalog-fixtures";
import { makeUser, renderApp } from "@/test/render-app";
import { errorResponse, jsonResponse, stubRoutes } from "@/test/stub-api";
import { publicProfileOf } from "../testing/profile-fixtures";

const mira = makeUser({ username: "mira" });
const seller = { username: "mira", avatar_url: "", rating: 5 };

const onSale = makeProduct(1, { title: "Arcana bundle", status: "active", seller });
const inModeration = makeProduct(2, { title: "Immortal treasure", status: "moderation", seller });
const bought = makeProduct(3, { title: "Account with 5000 MMR", status: "purchased", is_sold: true, seller });
const delivered = makeProduct(4, { title: "Battle pass level 300", status: "completed", is_sold: true, seller });
const refused = makeProduct(5, { title: "Courier skin", status: "rejected", seller });

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
      "GET /v1/users/mira": () => jsonResponse(200, mira),
      "GET /v1/products/user/by-username/mira": () =>
        jsonResponse(200, [onSale, inModeration, bought, delivered, refused]),
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
    // One request serves the whole profile.
    expect(api.calls.filter((call) => call.startsWith("GET /v1/products/"))).toEqual([
      "GET /v1/products/user/by-username/mira",
    ]);
  });

  it("pauses a listing from the owner's list, which then shows it paused with Resume", async () => {
    let listed = [onSale];
    const api = stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, mira),
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
      "GET /v1/users/mira": () => jsonResponse(200, mira),
      "GET /v1/products/user/by-username/mira": () => jsonResponse(200, [manual]),
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
      "GET /v1/users/mira": () => jsonResponse(200, mira),
      "GET /v1/products/user/by-username/mira": () => jsonResponse(200, [bought]),
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
      "GET /v1/products/user/by-username/mira": () => jsonResponse(200, [onSale, bought, delivered]),
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
      "GET /v1/products/user/by-username/mira": () => jsonResponse(200, [bought]),
    });
    renderApp("/profile/mira", { user: null });

    await waitFor(() => expect(screen.getByRole("tabpanel")).toHaveTextContent("No products yet"));
    expect(cardsInPanel()).toEqual([]);
  });

  it("says when the products did not load and tries again on request", async () => {
    let fail = true;
    stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, mira),
      "GET /v1/products/user/by-username/mira": () =>
        fail ? errorResponse(400, "DATABASE_ERROR", "Database error") : jsonResponse(200, [onSale]),
    });
    const { events } = renderApp("/profile/mira", { user: mira });

    expect(await screen.findByText("The products did not load")).toBeInTheDocument();
    fail = false;
    await events.click(screen.getByRole("button", { name: "Try again" }));

    expect(await screen.findByRole("link", { name: /Arcana bundle/ })).toBeInTheDocument();
  });
});
