import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeCategory, makeProduct, makeProducts, productPage } from "@/shared/catalog/testing/catalog-fixtures";
import { i18n } from "@/shared/i18n/i18n";
import { renderApp } from "@/test/render-app";
import { queriesOf, refusal, stubApi, type StubReply } from "@/test/stub-api";

const dota = makeCategory(1, { name: "Dota 2" });
const cs = makeCategory(2, { name: "CS2" });
const accounts = makeCategory(3, { name: "Accounts", parent_id: dota.id });
const items = makeCategory(4, { name: "Items", parent_id: dota.id });

const categories: Record<string, StubReply> = {
  "GET categories/all": { body: [dota, accounts, items, cs] },
  [`GET categories/game/${dota.id}`]: { body: [accounts, items] },
  [`GET categories/game/${cs.id}`]: { body: [] },
};

function cards() {
  return within(screen.getByRole("region", { name: "Catalogue" })).queryAllByRole("listitem");
}

describe("home catalogue", () => {
  it("shows skeletons, then the newest products as cards linking to their pages", async () => {
    stubApi({
      ...categories,
      "GET products/get/all": {
        body: productPage([makeProduct(1, { title: "Arcana bundle", price: 12500 }), makeProduct(2)]),
      },
    });
    renderApp("/", { user: null });

    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    const link = await screen.findByRole("link", { name: /Arcana bundle/ });
    expect(link).toHaveAttribute("href", `/product/${makeProduct(1).id}`);
    expect(link).toHaveTextContent("12 500 ₽");
    expect(cards()).toHaveLength(2);
    expect(queriesOf("products/get/all")).toEqual([{ page: "1", per_page: "30" }]);
    // Only one page: nothing more to load.
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("loads 30 more at a time until the last page", async () => {
    stubApi({
      ...categories,
      "GET products/get/all": [
        { body: productPage(makeProducts(1, 30), 1, 2, 45) },
        { body: productPage(makeProducts(31, 45), 2, 2, 45) },
      ],
    });
    const { events } = renderApp("/", { user: null });

    await events.click(await screen.findByRole("button", { name: "Load more" }));

    await waitFor(() => expect(cards()).toHaveLength(45));
    expect(queriesOf("products/get/all")).toEqual([
      { page: "1", per_page: "30" },
      { page: "2", per_page: "30" },
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("shows a product once when a new listing shifts it onto the next page", async () => {
    stubApi({
      ...categories,
      "GET products/get/all": [
        { body: productPage(makeProducts(1, 30), 1, 2) },
        { body: productPage(makeProducts(30, 40), 2, 2) },
      ],
    });
    const { events } = renderApp("/", { user: null });

    await events.click(await screen.findByRole("button", { name: "Load more" }));

    await waitFor(() => expect(cards()).toHaveLength(40));
  });

  it("searches once typing pauses, keeps the search in the URL, and Back undoes it", async () => {
    stubApi({
      ...categories,
      "GET products/get/all": { body: productPage([makeProduct(1)]) },
      "GET products/search": { body: productPage([makeProduct(2, { title: "Dota 2 account with Arcana" })]) },
    });
    const { events, router } = renderApp("/", { user: null });
    await screen.findByRole("link", { name: /Product number 1/ });

    await events.type(screen.getByRole("searchbox", { name: "Search products" }), "dota acc");
    // Still typing: nothing has been searched for yet.
    expect(queriesOf("products/search")).toEqual([]);

    expect(await screen.findByRole("link", { name: /Dota 2 account with Arcana/ })).toBeInTheDocument();
    expect(queriesOf("products/search")).toEqual([{ q: "dota acc", page: "1", per_page: "30" }]);
    expect(router.state.location.search).toBe("?q=dota+acc");

    await act(() => router.navigate(-1));

    expect(await screen.findByRole("link", { name: /Product number 1/ })).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search products" })).toHaveValue("");
  });

  it("searches at once on Enter", async () => {
    stubApi({
      ...categories,
      "GET products/get/all": { body: productPage([]) },
      "GET products/search": { body: productPage([makeProduct(2)]) },
    });
    const { events, router } = renderApp("/", { user: null });

    await events.type(await screen.findByRole("searchbox", { name: "Search products" }), "key{Enter}");

    expect(router.state.location.search).toBe("?q=key");
  });

  it("opens a shared link with its search and filters", async () => {
    stubApi({ ...categories, "GET products/search": { body: productPage([makeProduct(5)]) } });
    renderApp(`/?q=arcana&game=${dota.id}&subcategory=${items.id}`, { user: null });

    expect(await screen.findByRole("link", { name: /Product number 5/ })).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Search products" })).toHaveValue("arcana");
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Game" })).toHaveValue("Dota 2"));
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Kind of goods" })).toHaveValue("Items"));
    expect(queriesOf("products/search")).toEqual([{ q: "arcana", category_id: items.id, page: "1", per_page: "30" }]);
  });

  it("filters by game, then by kind of goods once a game is chosen", async () => {
    stubApi({
      ...categories,
      "GET products/get/all": { body: productPage([makeProduct(1)]) },
      [`GET products/category/${dota.id}`]: { body: [makeProduct(2, { title: "Dota 2 item" })] },
      [`GET products/category/${accounts.id}`]: { body: [makeProduct(3, { title: "Dota 2 account" })] },
    });
    const { events, router } = renderApp("/", { user: null });
    await screen.findByRole("link", { name: /Product number 1/ });
    expect(screen.queryByRole("combobox", { name: "Kind of goods" })).not.toBeInTheDocument();

    await events.click(screen.getByRole("combobox", { name: "Game" }));
    await events.click(await screen.findByRole("option", { name: "Dota 2" }));

    expect(await screen.findByRole("link", { name: /Dota 2 item/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?game=${dota.id}`);
    expect(queriesOf(`products/category/${dota.id}`)).toEqual([{ page: "1", per_page: "30" }]);

    await events.click(await screen.findByRole("combobox", { name: "Kind of goods" }));
    await events.click(await screen.findByRole("option", { name: "Accounts" }));

    expect(await screen.findByRole("link", { name: /Dota 2 account/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?game=${dota.id}&subcategory=${accounts.id}`);

    // Back returns to the whole game.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole("link", { name: /Dota 2 item/ })).toBeInTheDocument();
  });

  it("offers no kind of goods for a game without any", async () => {
    stubApi({ ...categories, [`GET products/category/${cs.id}`]: { body: [makeProduct(1)] } });
    renderApp(`/?game=${cs.id}`, { user: null });

    await screen.findByRole("link", { name: /Product number 1/ });
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Game" })).toHaveValue("CS2"));
    expect(screen.queryByRole("combobox", { name: "Kind of goods" })).not.toBeInTheDocument();
  });

  it("says the shelves are empty when nothing is listed", async () => {
    stubApi({ ...categories, "GET products/get/all": { body: productPage([]) } });
    renderApp("/", { user: null });

    expect(await screen.findByText("The shelves are still empty")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show all products" })).not.toBeInTheDocument();
  });

  it("says nothing was found for a search, and clears it on request", async () => {
    stubApi({
      ...categories,
      "GET products/search": { body: productPage([]) },
      "GET products/get/all": { body: productPage([makeProduct(1)]) },
    });
    const { events, router } = renderApp("/?q=zzzz", { user: null });

    expect(await screen.findByText("Nothing found for “zzzz”")).toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Show all products" }));

    expect(await screen.findByRole("link", { name: /Product number 1/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe("");
    expect(screen.getByRole("searchbox", { name: "Search products" })).toHaveValue("");
  });

  it("says when a category has nothing yet", async () => {
    stubApi({ ...categories, [`GET products/category/${dota.id}`]: { body: [] } });
    renderApp(`/?game=${dota.id}`, { user: null });

    expect(await screen.findByText("Nothing here yet")).toBeInTheDocument();
  });

  it("shows why the catalogue failed and tries again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubApi({
      ...categories,
      "GET products/get/all": [refusal(500, "SERVER_ERROR", "Internal error"), { body: productPage([makeProduct(1)]) }],
    });
    const { events } = renderApp("/", { user: null });

    expect(await screen.findByText("The catalogue did not load")).toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Try again" }));

    expect(await screen.findByRole("link", { name: /Product number 1/ })).toBeInTheDocument();
  });

  it("ignores a mangled category in the address", async () => {
    stubApi({ ...categories, "GET products/get/all": { body: productPage([makeProduct(1)]) } });
    renderApp("/?game=not-an-id", { user: null });

    expect(await screen.findByRole("link", { name: /Product number 1/ })).toBeInTheDocument();
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubApi({ ...categories, "GET products/get/all": { body: productPage(makeProducts(1, 30), 1, 2) } });
      renderApp("/", { user: null });

      expect(await screen.findByRole("button", { name: "Показать ещё" })).toBeInTheDocument();
      expect(screen.getByRole("searchbox", { name: "Поиск товаров" })).toBeInTheDocument();
      expect(screen.getByRole("combobox", { name: "Игра" })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
