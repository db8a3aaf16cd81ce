import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeCategory, makeProduct, makeProducts, productPage } from "@/shared/catalog/testing/catalog-fixtures";
import { i18n } from "@/shared/i18n/i18n";
import { renderApp } from "@/test/render-app";
import { queriesOf, refusal, stubApi, type StubReply } from "@/test/stub-api";
import { setViewportWidth } from "@/test/viewport";

const dota = makeCategory(1, { name: "Dota 2", name_ru: "Dota 2", slug: "dota-2", image_url: "/media/dota.png" });
const minecraft = makeCategory(2, { name: "Minecraft", name_ru: "Майнкрафт", slug: "minecraft" });
const accounts = makeCategory(3, { name: "Accounts", name_ru: "Аккаунты", slug: "accounts", parent_id: dota.id });
const items = makeCategory(4, { name: "Items", name_ru: "Предметы", slug: "items", parent_id: dota.id });

const categories: Record<string, StubReply> = {
  "GET categories/all": { body: [dota, accounts, items, minecraft] },
  [`GET categories/game/${dota.id}`]: { body: [accounts, items] },
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

  it("loads 30 more at a time until the last page, each page read on from the last product shown", async () => {
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
      { page: "2", per_page: "30", after: makeProduct(30).id },
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

  it("opens a shared link with its search, order and filters, and shows each choice", async () => {
    stubApi({ ...categories, "GET products/search": { body: productPage([makeProduct(5)]) } });
    renderApp("/?q=arcana&sort=price_asc&min_price=100&max_price=5000&delivery=auto&online=true&min_rating=4", {
      user: null,
    });

    expect(await screen.findByRole("link", { name: /Product number 5/ })).toBeInTheDocument();
    expect(queriesOf("products/search")).toEqual([
      {
        q: "arcana",
        sort: "price_asc",
        min_price: "100",
        max_price: "5000",
        delivery: "auto",
        online: "true",
        min_rating: "4",
        page: "1",
        per_page: "30",
      },
    ]);
    expect(screen.getByRole("searchbox", { name: "Search products" })).toHaveValue("arcana");
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveDisplayValue("Price: low to high");
    expect(screen.getByRole("textbox", { name: "Price from" })).toHaveValue("100");
    expect(screen.getByRole("textbox", { name: "Price to" })).toHaveValue("5 000");
    expect(screen.getByRole("combobox", { name: "Seller rating" })).toHaveDisplayValue("4,0 ★ and above");
    expect(screen.getByRole("checkbox", { name: "Instant delivery" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Sellers online now" })).toBeChecked();
  });

  it("puts every choice in the address, and Back undoes them one by one", async () => {
    stubApi({ ...categories, "GET products/get/all": { body: productPage([makeProduct(1)]) } });
    const { events, router } = renderApp("/", { user: null });
    await screen.findByRole("link", { name: /Product number 1/ });

    await events.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Price: high to low");
    await events.click(screen.getByRole("checkbox", { name: "Instant delivery" }));
    await events.type(screen.getByRole("textbox", { name: "Price from" }), "500");
    await waitFor(() => expect(router.state.location.search).toContain("min_price=500"));
    await events.selectOptions(screen.getByRole("combobox", { name: "Seller rating" }), "4,5 ★ and above");

    const address = "?sort=price_desc&delivery=auto&min_price=500&min_rating=4.5";
    expect(router.state.location.search).toBe(address);
    const chosen = { sort: "price_desc", delivery: "auto", min_price: "500", min_rating: "4.5" };
    await waitFor(() => expect(queriesOf("products/get/all").at(-1)).toEqual({ ...chosen, page: "1", per_page: "30" }));

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe("?sort=price_desc&delivery=auto&min_price=500");
    expect(screen.getByRole("combobox", { name: "Seller rating" })).toHaveDisplayValue("Any");
    await act(() => router.navigate(-1));
    expect(screen.getByRole("textbox", { name: "Price from" })).toHaveValue("");
    await act(() => router.navigate(-1));
    expect(screen.getByRole("checkbox", { name: "Instant delivery" })).not.toBeChecked();
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe("");
  });

  it("ignores values of a hand-edited address that the API would refuse", async () => {
    stubApi({ ...categories, "GET products/get/all": { body: productPage([makeProduct(1)]) } });
    renderApp("/?sort=cheapest&min_price=abc&max_price=-5&delivery=manual&online=yes&min_rating=7", { user: null });

    expect(await screen.findByRole("link", { name: /Product number 1/ })).toBeInTheDocument();
    expect(queriesOf("products/get/all")).toEqual([{ page: "1", per_page: "30" }]);
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveDisplayValue("Newest");
    expect(screen.getByRole("textbox", { name: "Price from" })).toHaveValue("");
  });

  it("takes a price range typed end after end without a pause", async () => {
    stubApi({ ...categories, "GET products/get/all": { body: productPage([makeProduct(1)]) } });
    const { events, router } = renderApp("/", { user: null });
    await screen.findByRole("link", { name: /Product number 1/ });

    await events.type(screen.getByRole("textbox", { name: "Price from" }), "500");
    await events.type(screen.getByRole("textbox", { name: "Price to" }), "2000");

    await waitFor(() => expect(router.state.location.search).toBe("?min_price=500&max_price=2000"));
    expect(screen.getByRole("textbox", { name: "Price from" })).toHaveValue("500");
    expect(screen.getByRole("textbox", { name: "Price to" })).toHaveValue("2 000");
  });

  it("says when a price range is reversed and does not apply it", async () => {
    stubApi({ ...categories, "GET products/get/all": { body: productPage([makeProduct(1)]) } });
    const { events, router } = renderApp("/", { user: null });
    await screen.findByRole("link", { name: /Product number 1/ });

    await events.type(screen.getByRole("textbox", { name: "Price from" }), "500");
    await waitFor(() => expect(router.state.location.search).toBe("?min_price=500"));
    await events.type(screen.getByRole("textbox", { name: "Price to" }), "100");
    await events.tab();

    expect(await screen.findByRole("alert")).toHaveTextContent("“Price from” must not be above “Price to”.");
    expect(screen.getByRole("textbox", { name: "Price to" })).toHaveAttribute("aria-invalid", "true");
    expect(router.state.location.search).toBe("?min_price=500");
    expect(queriesOf("products/get/all").map((query) => query.max_price)).not.toContain("100");
  });

  it("shows the API's refusal of a reversed range from the address, and resets the filters on request", async () => {
    stubApi({
      ...categories,
      "GET products/get/all": [
        refusal(422, "VALIDATION_ERROR", "Some fields are filled in incorrectly", [
          { field: "min_price", message: "Must not be above max_price" },
        ]),
        { body: productPage([makeProduct(1)]) },
      ],
    });
    const { events, router } = renderApp("/?sort=price_asc&min_price=500&max_price=100", { user: null });

    const refusedAlert = await screen.findByRole("alert", { name: "These filters cannot be applied" });
    expect(refusedAlert).toHaveTextContent("Some fields are filled in incorrectly");
    expect(refusedAlert).toHaveTextContent("min_price: Must not be above max_price");
    expect(screen.getByText("“Price from” must not be above “Price to”.")).toBeInTheDocument();

    await events.click(within(refusedAlert).getByRole("button", { name: "Reset filters" }));

    expect(await screen.findByRole("link", { name: /Product number 1/ })).toBeInTheDocument();
    // The order is no filter: it stays.
    expect(router.state.location.search).toBe("?sort=price_asc");
  });

  it("on a phone folds the filters into a drawer behind a button that counts them", async () => {
    setViewportWidth(375);
    stubApi({ ...categories, "GET products/get/all": { body: productPage([makeProduct(1)]) } });
    const { events, router } = renderApp("/?delivery=auto&min_rating=4&sort=rating", { user: null });
    await screen.findByRole("link", { name: /Product number 1/ });

    // The order stays in view; the filters wait in the drawer.
    expect(screen.getByRole("combobox", { name: "Sort by" })).toHaveDisplayValue("Seller rating");
    expect(screen.queryByRole("checkbox", { name: "Instant delivery" })).not.toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Filters, 2 active" }));
    const drawer = await screen.findByRole("dialog", { name: "Filters" });
    expect(within(drawer).getByRole("checkbox", { name: "Instant delivery" })).toBeChecked();
    await events.click(within(drawer).getByRole("checkbox", { name: "Sellers online now" }));

    await waitFor(() =>
      expect(router.state.location.search).toBe("?delivery=auto&min_rating=4&sort=rating&online=true"),
    );
    await events.click(within(drawer).getByRole("button", { name: "Show results" }));
    expect(await screen.findByRole("button", { name: "Filters, 3 active" })).toBeInTheDocument();
  });

  it("keeps the filters beside the grid on a wide screen, with no drawer", async () => {
    stubApi({ ...categories, "GET products/get/all": { body: productPage([makeProduct(1)]) } });
    renderApp("/?online=true", { user: null });
    await screen.findByRole("link", { name: /Product number 1/ });

    expect(screen.getByRole("checkbox", { name: "Sellers online now" })).toBeChecked();
    expect(screen.queryByRole("button", { name: /^Filters/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reset filters" })).toBeInTheDocument();
  });

  it("links every game to its page, keeping the search and filters chosen", async () => {
    stubApi({ ...categories, "GET products/search": { body: productPage([makeProduct(1)]) } });
    renderApp("/?q=arcana&max_price=900", { user: null });

    const games = await screen.findByRole("region", { name: "Games" });
    const dotaTile = await within(games).findByRole("link", { name: "Dota 2" });
    expect(dotaTile).toHaveAttribute("href", "/games/dota-2?q=arcana&max_price=900");
    expect(dotaTile.querySelector("img")).toHaveAttribute("src", "/media/dota.png");
    expect(within(games).getByRole("link", { name: "Minecraft" })).toHaveAttribute(
      "href",
      "/games/minecraft?q=arcana&max_price=900",
    );
  });

  it("sends an older link to a game's listing to the game's page", async () => {
    stubApi({
      ...categories,
      "GET products/get/all": { body: productPage([]) },
      "GET games/dota-2": {
        body: { game: dota, product_count: 1, subcategories: [{ ...accounts, product_count: 1 }] },
      },
      "GET products/dota-2/accounts": { body: [makeProduct(3)] },
    });
    const { router } = renderApp(`/?game=${dota.id}&subcategory=${accounts.id}&sort=price_asc`, { user: null });

    await waitFor(() => expect(router.state.location.pathname).toBe("/games/dota-2/accounts"));
    expect(router.state.location.search).toBe("?sort=price_asc");
    expect(await screen.findByRole("link", { name: /Product number 3/ })).toBeInTheDocument();
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

  it("says when the filters leave nothing, and clears them on request", async () => {
    stubApi({
      ...categories,
      "GET products/get/all": [{ body: productPage([]) }, { body: productPage([makeProduct(1)]) }],
    });
    const { events, router } = renderApp("/?min_price=9000000&sort=price_asc", { user: null });

    expect(await screen.findByText("Nothing matches these filters")).toBeInTheDocument();
    await events.click(
      within(screen.getByRole("region", { name: "Catalogue" }))
        .getAllByRole("button", { name: "Reset filters" })
        .at(-1)!,
    );

    expect(await screen.findByRole("link", { name: /Product number 1/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?sort=price_asc");
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
      expect(screen.getByRole("combobox", { name: "Сортировка" })).toHaveDisplayValue("Сначала новые");
      expect(screen.getByRole("checkbox", { name: "Моментальная выдача" })).toBeInTheDocument();
      const games = screen.getByRole("region", { name: "Игры" });
      expect(await within(games).findByRole("link", { name: "Майнкрафт" })).toHaveAttribute("href", "/games/minecraft");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
