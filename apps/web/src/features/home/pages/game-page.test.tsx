import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LISTING_COUNT_CAP, type GamePage } from "@lootlane/contract";
import { makeCategory, makeProduct, makeProducts, productPage } from "@/shared/catalog/testing/catalog-fixtures";
import { i18n } from "@/shared/i18n/i18n";
import { renderApp } from "@/test/render-app";
import { queriesOf, refusal, stubApi, type StubReply } from "@/test/stub-api";

const dota = makeCategory(1, {
  name: "Dota 2",
  name_ru: "Dota 2",
  slug: "dota-2",
  description: "Valve's MOBA: accounts, items and boosting.",
  description_ru: "MOBA от Valve: аккаунты, предметы и буст.",
  image_url: "/media/categories/dota.png",
});
const accounts = makeCategory(3, {
  name: "Accounts",
  name_ru: "Аккаунты",
  slug: "accounts",
  description: "Calibrated accounts with e-mail access.",
  description_ru: "Откалиброванные аккаунты с доступом к почте.",
  parent_id: dota.id,
});
const items = makeCategory(4, { name: "Items", name_ru: "Предметы", slug: "items", parent_id: dota.id });

const dotaPage: GamePage = {
  game: dota,
  product_count: 42,
  subcategories: [
    { ...accounts, product_count: LISTING_COUNT_CAP },
    { ...items, product_count: 3 },
  ],
};

const routes: Record<string, StubReply> = {
  "GET categories/all": { body: [dota, accounts, items] },
  "GET games/dota-2": { body: dotaPage },
  [`GET products/category/${dota.id}`]: { body: [makeProduct(1, { title: "Arcana bundle" })] },
  "GET products/dota-2/accounts": { body: [makeProduct(2, { title: "Immortal account" })] },
};

function tabs(label = "Kinds of goods") {
  return within(screen.getByRole("navigation", { name: label })).getAllByRole("link");
}

/** A tab's text, with the no-break spaces of a grouped number as plain ones. */
function tabText(tab: HTMLElement) {
  return tab.textContent?.replace(/\s/g, " ");
}

describe("game page", () => {
  it("shows the game, its kinds of goods as tabs with their counts, and the game's listing", async () => {
    stubApi(routes);
    renderApp("/games/dota-2", { user: null });

    expect(await screen.findByRole("heading", { level: 1, name: "Dota 2" })).toBeInTheDocument();
    expect(screen.getByText("Valve's MOBA: accounts, items and boosting.")).toBeInTheDocument();
    expect(document.querySelector('img[src="/media/categories/dota.png"]')).not.toBeNull();
    expect(tabs().map((tab) => [tabText(tab), tab.getAttribute("href")])).toEqual([
      ["All42", "/games/dota-2"],
      ["Accounts10 000+", "/games/dota-2/accounts"],
      ["Items3", "/games/dota-2/items"],
    ]);
    expect(tabs()[0]).toHaveAttribute("aria-current", "page");
    expect(await screen.findByRole("link", { name: /Arcana bundle/ })).toBeInTheDocument();
    expect(queriesOf(`products/category/${dota.id}`)).toEqual([{ page: "1", per_page: "30" }]);
    expect(document.title).toBe("Dota 2 · Lootlane");
  });

  it("lists one kind of goods by its slugs, and its tab keeps the order and filters chosen", async () => {
    stubApi(routes);
    const { events, router } = renderApp("/games/dota-2?sort=price_asc&delivery=auto", { user: null });
    await screen.findByRole("link", { name: /Arcana bundle/ });

    await events.click(screen.getByRole("link", { name: /^Accounts/ }));

    expect(await screen.findByRole("link", { name: /Immortal account/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/games/dota-2/accounts");
    expect(router.state.location.search).toBe("?sort=price_asc&delivery=auto");
    expect(queriesOf("products/dota-2/accounts")).toEqual([
      { sort: "price_asc", delivery: "auto", page: "1", per_page: "30" },
    ]);
    expect(tabs()[1]).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Dota 2 · Accounts");
    expect(screen.getByText("Calibrated accounts with e-mail access.")).toBeInTheDocument();
    expect(document.title).toBe("Accounts · Dota 2 · Lootlane");
  });

  it("searches inside the kind of goods chosen, with the filters", async () => {
    stubApi({ ...routes, "GET products/search": { body: productPage([makeProduct(5, { title: "Smurf account" })]) } });
    const { events } = renderApp("/games/dota-2/accounts?min_price=100", { user: null });

    await events.type(await screen.findByRole("searchbox", { name: "Search products" }), "smurf{Enter}");

    expect(await screen.findByRole("link", { name: /Smurf account/ })).toBeInTheDocument();
    expect(queriesOf("products/search")).toEqual([
      { q: "smurf", category_id: accounts.id, min_price: "100", page: "1", per_page: "30" },
    ]);
    expect(screen.getByRole("searchbox", { name: "Search products" })).toHaveAttribute(
      "placeholder",
      "Search in Accounts…",
    );
  });

  it("loads more of a game's listing from the last product shown", async () => {
    stubApi({
      ...routes,
      [`GET products/category/${dota.id}`]: [{ body: makeProducts(1, 30) }, { body: makeProducts(31, 32) }],
    });
    const { events } = renderApp("/games/dota-2?sort=rating", { user: null });

    await events.click(await screen.findByRole("button", { name: "Load more" }));

    expect(await screen.findByRole("link", { name: /Product number 32/ })).toBeInTheDocument();
    expect(queriesOf(`products/category/${dota.id}`)).toEqual([
      { sort: "rating", page: "1", per_page: "30" },
      { sort: "rating", page: "2", per_page: "30", after: makeProduct(30).id },
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("shows the not-found screen for a game that does not exist", async () => {
    stubApi({ ...routes, "GET games/warcraft-9": refusal(404, "CATEGORY_NOT_FOUND", "Category not found") });
    renderApp("/games/warcraft-9", { user: null });

    expect(await screen.findByRole("heading", { level: 1, name: "Sorry, page not found" })).toBeInTheDocument();
  });

  it("shows the not-found screen for a kind of goods the game does not have", async () => {
    stubApi(routes);
    renderApp("/games/dota-2/boosting", { user: null });

    expect(await screen.findByRole("heading", { level: 1, name: "Sorry, page not found" })).toBeInTheDocument();
    expect(queriesOf("products/dota-2/boosting")).toEqual([]);
  });

  it("names the game and its kinds of goods in Russian", async () => {
    stubApi(routes);
    await i18n.changeLanguage("ru");
    try {
      renderApp("/games/dota-2/accounts", { user: null });

      expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("Dota 2 · Аккаунты");
      expect(screen.getByText("Откалиброванные аккаунты с доступом к почте.")).toBeInTheDocument();
      expect(tabs("Виды товаров").map(tabText)).toEqual(["Все42", "Аккаунты10 000+", "Предметы3"]);
      expect(screen.getByRole("searchbox", { name: "Поиск товаров" })).toHaveAttribute(
        "placeholder",
        "Поиск в разделе «Аккаунты»…",
      );
      await waitFor(() => expect(document.title).toBe("Аккаунты · Dota 2 · Lootlane"));
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
