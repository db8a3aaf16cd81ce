import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { errorResponse, jsonResponse, stubRoutes } from "@/test/stub-api";
import { ownProfileOf, publicProfileOf } from "../testing/profile-fixtures";

const mira = makeUser({
  username: "mira",
  balance: 1500.5,
  rating: 4,
  description: "Rare Dota 2 items",
  created_at: "2025-01-15T10:00:00.000Z",
});

/** Mira's products as the server answers whoever asks; none unless a test gives some. */
function miraProducts(products: unknown[] = []) {
  return { "GET /v1/products/user/by-username/mira": () => jsonResponse(200, products) };
}

function tabNames() {
  return screen.getAllByRole("tab").map((tab) => tab.textContent);
}

describe("profile, owner view", () => {
  it("shows the balance with two decimals, the rating with one and the member-since date", async () => {
    stubRoutes({ "GET /v1/users/mira": () => jsonResponse(200, ownProfileOf(mira)) });
    renderApp("/profile/mira", { user: mira });

    expect(await screen.findByRole("heading", { level: 1, name: "mira" })).toBeInTheDocument();
    // The query collapses the no-break spaces Intl writes into plain ones.
    expect(screen.getByText("1 500,50 ₽")).toBeInTheDocument();
    expect(screen.getByText("4,0")).toBeInTheDocument();
    expect(screen.getByText("15.01.2025")).toBeInTheDocument();
    expect(screen.queryByText(/Frozen/)).not.toBeInTheDocument();
    expect(document.title).toBe("Profile of mira · Lootlane");
  });

  it("is the owner's view when the address spells the name in another case", async () => {
    stubRoutes({ "GET /v1/users/MIRA": () => jsonResponse(200, ownProfileOf(mira)) });
    renderApp("/profile/MIRA", { user: mira });

    expect(await screen.findByText("1 500,50 ₽")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Profile menu" })).toBeInTheDocument();
  });

  it("notes a frozen balance", async () => {
    const frozen = { ...mira, has_frozen_balance: true };
    stubRoutes({ "GET /v1/users/mira": () => jsonResponse(200, ownProfileOf(frozen)) });
    renderApp("/profile/mira", { user: frozen });

    expect(await screen.findByText("Frozen: it cannot be spent for now")).toBeInTheDocument();
  });

  it("has the tabs products, reviews, purchases and sales, each with its empty state", async () => {
    stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, ownProfileOf(mira)),
      ...miraProducts(),
      "GET /v1/users/mira/reviews": () => jsonResponse(200, []),
      [`GET /v1/users/${mira.id}/purchases`]: () => jsonResponse(200, []),
      [`GET /v1/users/${mira.id}/sales`]: () => jsonResponse(200, []),
    });
    const { events } = renderApp("/profile/mira", { user: mira });

    await screen.findByRole("heading", { level: 1, name: "mira" });
    expect(tabNames()).toEqual(["Products", "Reviews", "Purchases", "Sales"]);
    await waitFor(() => expect(screen.getByRole("tabpanel")).toHaveTextContent("No products yet"));
    expect(screen.getByRole("link", { name: "Sell a product" })).toHaveAttribute("href", "/product/create");

    await events.click(screen.getByRole("tab", { name: "Purchases" }));
    await waitFor(() => expect(screen.getByRole("tabpanel")).toHaveTextContent("No purchases yet"));
    await events.click(screen.getByRole("tab", { name: "Sales" }));
    await waitFor(() => expect(screen.getByRole("tabpanel")).toHaveTextContent("No sales yet"));
    await events.click(screen.getByRole("tab", { name: "Reviews" }));
    await waitFor(() => expect(screen.getByRole("tabpanel")).toHaveTextContent("No reviews yet"));
  });

  it("opens settings from the profile menu", async () => {
    stubRoutes({ "GET /v1/users/mira": () => jsonResponse(200, ownProfileOf(mira)) });
    const { events, router } = renderApp("/profile/mira", { user: mira });

    await events.click(await screen.findByRole("button", { name: "Profile menu" }));
    const menu = screen.getByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Wallet", "Settings", "Log out"]);
    await events.click(within(menu).getByRole("menuitem", { name: "Settings" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
  });

  it("leads to the wallet from the menu and from the balance", async () => {
    stubRoutes({ "GET /v1/users/mira": () => jsonResponse(200, ownProfileOf(mira)) });
    const { events } = renderApp("/profile/mira", { user: mira });

    expect(await screen.findByRole("link", { name: "Open the wallet: 1\u00a0500,50\u00a0₽" })).toHaveAttribute(
      "href",
      "/wallet",
    );
    await events.click(screen.getByRole("button", { name: "Profile menu" }));
    expect(within(screen.getByRole("menu")).getByRole("menuitem", { name: "Wallet" })).toHaveAttribute(
      "href",
      "/wallet",
    );
  });

  it("logs out from the profile menu and goes home as a guest", async () => {
    const api = stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, ownProfileOf(mira)),
      "POST /v1/auth/logout": () => jsonResponse(200, {}),
    });
    const { events, router } = renderApp("/profile/mira", { user: mira });

    await events.click(await screen.findByRole("button", { name: "Profile menu" }));
    await events.click(screen.getByRole("menuitem", { name: "Log out" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(api.calls).toContain("POST /v1/auth/logout");
    // The user is forgotten once home is reached, so the navigation turns to the guest's links.
    await waitFor(() => expect(screen.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/signin"));
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubRoutes({ "GET /v1/users/mira": () => jsonResponse(200, ownProfileOf(mira)), ...miraProducts() });
      renderApp("/profile/mira", { user: mira });

      expect(await screen.findByRole("button", { name: "Меню профиля" })).toBeInTheDocument();
      expect(tabNames()).toEqual(["Товары", "Отзывы", "Покупки", "Продажи"]);
      expect(screen.getByText("Баланс")).toBeInTheDocument();
      expect(screen.getByRole("textbox", { name: "О себе" })).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole("tabpanel")).toHaveTextContent("Товаров пока нет"));
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

describe("profile, visitor view", () => {
  it.each([
    ["another user", makeUser({ id: "0b7e1c52-0c43-4c55-a3c3-2d3d4a5b6c7d", username: "alex" })],
    ["a guest", null],
  ])("shows %s the tabs active, reviews and sold, and no balance, menu or editors", async (_who, viewer) => {
    stubRoutes({ "GET /v1/users/mira": () => jsonResponse(200, publicProfileOf(mira)), ...miraProducts() });
    renderApp("/profile/mira", { user: viewer });

    expect(await screen.findByRole("heading", { level: 1, name: "mira" })).toBeInTheDocument();
    expect(tabNames()).toEqual(["Active", "Reviews", "Sold"]);
    await waitFor(() => expect(screen.getByRole("tabpanel")).toHaveTextContent("No products yet"));
    expect(screen.getByText("Rare Dota 2 items")).toBeInTheDocument();
    expect(screen.getByText("4,0")).toBeInTheDocument();
    expect(screen.queryByText("Balance")).not.toBeInTheDocument();
    expect(screen.queryByText(/₽/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Profile menu" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change photo" })).not.toBeInTheDocument();
  });

  it("shows the last tab's empty state", async () => {
    stubRoutes({ "GET /v1/users/mira": () => jsonResponse(200, publicProfileOf(mira)), ...miraProducts() });
    const { events } = renderApp("/profile/mira", { user: null });

    await events.click(await screen.findByRole("tab", { name: "Sold" }));

    await waitFor(() => expect(screen.getByRole("tabpanel")).toHaveTextContent("Nothing sold yet"));
  });

  it("shows the rating to one decimal", async () => {
    stubRoutes({ "GET /v1/users/mira": () => jsonResponse(200, publicProfileOf({ ...mira, rating: 4.45 })) });
    renderApp("/profile/mira", { user: null });

    expect(await screen.findByText("4,5")).toBeInTheDocument();
  });

  it("marks a banned or inactive account", async () => {
    stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, publicProfileOf({ ...mira, is_banned: true, is_active: false })),
    });
    renderApp("/profile/mira", { user: null });

    expect(await screen.findByText("Banned")).toBeInTheDocument();
    expect(screen.getByText("Not active")).toBeInTheDocument();
  });

  it("shows the avatar image, or the first letter of the name without one", async () => {
    stubRoutes({
      "GET /v1/users/mira": () =>
        jsonResponse(200, publicProfileOf({ ...mira, avatar_url: "/media/avatars/mira.png" })),
      "GET /v1/users/alex": () => jsonResponse(200, publicProfileOf({ ...mira, username: "alex", avatar_url: "" })),
    });
    const { router } = renderApp("/profile/mira", { user: null });

    expect(await screen.findByRole("img", { name: "Avatar of mira" })).toHaveAttribute(
      "src",
      "/media/avatars/mira.png",
    );

    await router.navigate("/profile/alex");
    expect(await screen.findByRole("heading", { level: 1, name: "alex" })).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "Avatar of alex" })).not.toBeInTheDocument();
    expect(screen.getByTitle("Avatar of alex")).toHaveTextContent("A");
  });
});

describe("profile that fails to load (SPEC §2 redirects)", () => {
  it("goes to /404 when there is no such user, replacing the address", async () => {
    stubRoutes({ "GET /v1/users/nobody": () => errorResponse(404, "USER_NOT_FOUND", "User not found") });
    const { router } = renderApp("/profile/nobody", { user: null, history: ["/"] });

    expect(await screen.findByRole("heading", { level: 1, name: "Profile not found" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/404");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("goes to /error on any other failure", async () => {
    stubRoutes({ "GET /v1/users/mira": () => errorResponse(500, "SERVER_ERROR", "Something went wrong on our side") });
    const { router } = renderApp("/profile/mira", { user: null });

    expect(await screen.findByRole("heading", { level: 1, name: "Something went wrong" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/error");
  });

  it("goes to /error when the answer is not a profile", async () => {
    stubRoutes({ "GET /v1/users/mira": () => jsonResponse(200, { username: "mira" }) });
    const { router } = renderApp("/profile/mira", { user: null });

    await waitFor(() => expect(router.state.location.pathname).toBe("/error"));
  });
});

describe("reporting a user", () => {
  const alex = makeUser({ id: "0b7e1c52-0c43-4c55-a3c3-2d3d4a5b6c7d", username: "alex" });

  it("lets a signed-in visitor report the user by name", async () => {
    const api = stubRoutes({
      "GET /v1/users/mira": () => jsonResponse(200, publicProfileOf(mira)),
      ...miraProducts(),
      "POST /v1/reports": () => jsonResponse(200, {}),
    });
    const { events } = renderApp("/profile/mira", { user: alex });

    await events.click(await screen.findByRole("button", { name: "Report mira" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Report mira" }));
    await events.click(dialog.getByRole("combobox", { name: /What is wrong\?/ }));
    await events.click(await dialog.findByRole("option", { name: "Spam" }));
    await events.click(dialog.getByRole("button", { name: "Send report" }));

    await waitFor(() => expect(api.calls).toContain("POST /v1/reports"));
    expect(await api.last("POST /v1/reports")?.json()).toEqual({
      target: "user",
      username: "mira",
      reason: "spam",
      text: "",
    });
  });

  it("is not offered to a guest", async () => {
    stubRoutes({ "GET /v1/users/mira": () => jsonResponse(200, publicProfileOf(mira)), ...miraProducts() });
    renderApp("/profile/mira", { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "mira" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Report mira" })).not.toBeInTheDocument();
  });
});
