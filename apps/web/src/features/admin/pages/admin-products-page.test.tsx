import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Product, ProductPage } from "@lootlane/contract";
import { makeCategory, makeProduct } from "@/shared/catalog/testing/catalog-fixtures";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { queriesOf, refusal, stubApi } from "@/test/stub-api";

const admin = makeUser({ username: "root", role: "admin" });

/** Products as the admin list sends them: with their goods. */
function adminProduct(n: number, overrides: Partial<Product> = {}): Product {
  const { product_data: _, ...product } = makeProduct(n, {
    product_data_string: `login${n} / secret${n}`,
    ...overrides,
  });
  return product;
}

const waiting = adminProduct(1, {
  title: "Dota 2 account, 5000 MMR",
  description: "All heroes, Europe West",
  price: 1500,
  status: "moderation",
  created_at: "2025-03-01T12:00:00.000Z",
  seller: { username: "mira", avatar_url: "", rating: 4.5 },
  category: makeCategory(3, { name: "Accounts" }),
  images: [
    {
      id: "22222222-0000-4000-8000-000000000011",
      image_url: "/media/p/1a.png",
      thumbnail_url: "/media/p/1a-thumb.png",
    },
    {
      id: "22222222-0000-4000-8000-000000000012",
      image_url: "/media/p/1b.png",
      thumbnail_url: "/media/p/1b-thumb.png",
    },
  ],
});
const alsoWaiting = adminProduct(2, { title: "CS2 prime account", status: "moderation" });
const onSale = adminProduct(3, { title: "Steam key", status: "active" });
const bought = adminProduct(4, { title: "Rare courier", status: "purchased", is_sold: true });
const done = adminProduct(5, { title: "Arcana set", status: "completed", is_sold: true });
const refused = adminProduct(6, { title: "Fake skins", status: "rejected", images: [] });

function page(products: Product[], pageNumber = 1, totalPages = 1, total = products.length): ProductPage {
  return { products, page: pageNumber, total_pages: totalPages, total };
}

function item(title: string) {
  return within(screen.getByRole("listitem", { name: title }));
}

/** Holds the answers of one route until the returned function is called, so a test can look at the pending state. */
function holdAnswers(route: string): () => void {
  const answer = vi.mocked(fetch).getMockImplementation();
  if (!answer) throw new Error("Stub the API first");
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const request = input as Request;
    const response = await answer(input, init);
    if (`${request.method} ${new URL(request.url).pathname.replace(/^\/v1\//, "")}` === route) await released;
    return response;
  });
  return release;
}

describe("admin products", () => {
  it("shows each product's image, title, status, price, seller, description, date, image count, category and goods, with the total", async () => {
    stubApi({ "GET admin/products": { body: page([waiting, bought, refused]) } });
    renderApp("/admin/products", { user: admin });

    expect(await screen.findByRole("heading", { level: 1, name: "Products" })).toBeInTheDocument();
    expect(await screen.findByText("3 products")).toBeInTheDocument();

    const first = item("Dota 2 account, 5000 MMR");
    expect(first.getByRole("img", { name: "Image of Dota 2 account, 5000 MMR" })).toHaveAttribute(
      "src",
      "/media/p/1a-thumb.png",
    );
    expect(first.getByText("In moderation")).toBeInTheDocument();
    expect(first.getByText("1 500 ₽", { normalizer: (text) => text.replace(/\s/g, " ") })).toBeInTheDocument();
    expect(first.getByRole("link", { name: "mira" })).toHaveAttribute("href", "/profile/mira");
    expect(first.getByText("All heroes, Europe West")).toBeInTheDocument();
    expect(first.getByText("01.03.2025")).toBeInTheDocument();
    expect(first.getByText("2 images")).toBeInTheDocument();
    expect(first.getByText("Accounts")).toBeInTheDocument();
    expect(first.getByText("login1 / secret1")).toBeInTheDocument();
    expect(first.queryByText("Sold")).not.toBeInTheDocument();

    const sold = item("Rare courier");
    expect(sold.getByText("Sold")).toBeInTheDocument();
    expect(sold.getByText("Purchased")).toBeInTheDocument();
    expect(sold.getByText("1 image")).toBeInTheDocument();

    const noImages = item("Fake skins");
    expect(noImages.queryByRole("img")).not.toBeInTheDocument();
    expect(noImages.getByText("0 images")).toBeInTheDocument();

    // Without a filter every status is asked for.
    expect(queriesOf("admin/products")).toEqual([{ page: "1", per_page: "20" }]);
  });

  it("offers View, Approve and Reject only for products in moderation; the others show the outcome and Take down", async () => {
    stubApi({ "GET admin/products": { body: page([waiting, onSale, bought, done, refused]) } });
    renderApp("/admin/products", { user: admin });

    await screen.findByText("5 products");
    const first = item("Dota 2 account, 5000 MMR");
    expect(first.getByRole("link", { name: "View Dota 2 account, 5000 MMR" })).toHaveAttribute(
      "href",
      `/product/${waiting.id}`,
    );
    expect(first.getByRole("button", { name: "Approve Dota 2 account, 5000 MMR" })).toBeEnabled();
    expect(first.getByRole("button", { name: "Reject Dota 2 account, 5000 MMR" })).toBeEnabled();
    expect(first.queryByText("Approved by a moderator")).not.toBeInTheDocument();

    expect(first.queryByRole("button", { name: /Take down/ })).not.toBeInTheDocument();
    for (const title of ["Steam key", "Rare courier", "Arcana set"]) {
      expect(item(title).getByText("Approved by a moderator")).toBeInTheDocument();
      expect(
        item(title)
          .getAllByRole("button")
          .map((button) => button.getAttribute("aria-label")),
      ).toEqual([`Take down ${title}`]);
    }
    expect(item("Fake skins").getByText("Rejected by a moderator")).toBeInTheDocument();
    expect(item("Fake skins").queryByText("Approved by a moderator")).not.toBeInTheDocument();
    expect(item("Fake skins").queryByRole("button")).not.toBeInTheDocument();
  });

  it("asks the server for the chosen status, keeps it in the address, and shows every status again", async () => {
    stubApi({
      "GET admin/products": [
        { body: page([waiting, refused]) },
        { body: page([refused]) },
        { body: page([waiting, refused]) },
      ],
    });
    const { events, router } = renderApp("/admin/products", { user: admin });

    await screen.findByText("2 products");
    await events.click(screen.getByRole("combobox", { name: "Status" }));
    await events.click(await screen.findByRole("option", { name: "Rejected" }));

    expect(await screen.findByText("1 product")).toBeInTheDocument();
    expect(screen.queryByRole("listitem", { name: "Dota 2 account, 5000 MMR" })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe("?status=rejected");

    await events.click(screen.getByRole("combobox", { name: "Status" }));
    await events.click(await screen.findByRole("option", { name: "All statuses" }));

    expect(await screen.findByText("2 products")).toBeInTheDocument();
    expect(queriesOf("admin/products")).toEqual([
      { page: "1", per_page: "20" },
      { page: "1", per_page: "20", status: "rejected" },
      { page: "1", per_page: "20" },
    ]);
  });

  it("opens with the status and page of the address, and pages on", async () => {
    stubApi({ "GET admin/products": [{ body: page([waiting], 1, 2, 21) }, { body: page([alsoWaiting], 2, 2, 21) }] });
    const { events } = renderApp("/admin/products?status=moderation", { user: admin });

    expect(await screen.findByText("21 products")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveValue("In moderation");
    await events.click(screen.getByRole("button", { name: "Page 2" }));

    expect(await screen.findByRole("listitem", { name: "CS2 prime account" })).toBeInTheDocument();
    expect(queriesOf("admin/products")).toEqual([
      { page: "1", per_page: "20", status: "moderation" },
      { page: "2", per_page: "20", status: "moderation" },
    ]);
  });

  it("approves: only that product's buttons wait for the answer, then it shows as approved", async () => {
    const api = stubApi({
      "GET admin/products": [
        { body: page([waiting, alsoWaiting]) },
        { body: page([{ ...waiting, status: "active" }, alsoWaiting]) },
      ],
      "POST admin/products/approve": { body: true },
    });
    const release = holdAnswers("POST admin/products/approve");
    const { events } = renderApp("/admin/products", { user: admin });

    await events.click(await screen.findByRole("button", { name: "Approve Dota 2 account, 5000 MMR" }));

    await waitFor(() =>
      expect(
        item("Dota 2 account, 5000 MMR").getByRole("button", { name: "Reject Dota 2 account, 5000 MMR" }),
      ).toBeDisabled(),
    );
    expect(
      item("Dota 2 account, 5000 MMR").getByRole("button", { name: "Approve Dota 2 account, 5000 MMR" }),
    ).toBeDisabled();
    expect(item("CS2 prime account").getByRole("button", { name: "Approve CS2 prime account" })).toBeEnabled();
    expect(item("CS2 prime account").getByRole("button", { name: "Reject CS2 prime account" })).toBeEnabled();
    expect(api.bodiesOf("POST admin/products/approve")).toEqual([{ product_id: waiting.id }]);

    release();

    expect(await screen.findByText("“Dota 2 account, 5000 MMR” is approved and on sale")).toBeInTheDocument();
    await waitFor(() =>
      expect(item("Dota 2 account, 5000 MMR").getByText("Approved by a moderator")).toBeInTheDocument(),
    );
    expect(item("Dota 2 account, 5000 MMR").getAllByRole("button")).toHaveLength(1);
    expect(item("Dota 2 account, 5000 MMR").getByRole("button")).toHaveAccessibleName(
      "Take down Dota 2 account, 5000 MMR",
    );
    expect(api.bodiesOf("POST admin/products/reject")).toEqual([]);
  });

  it("rejects with the reason the seller reads: only that product's buttons wait, then it shows as rejected", async () => {
    const api = stubApi({
      "GET admin/products": [
        { body: page([waiting, alsoWaiting]) },
        {
          body: page([
            waiting,
            { ...alsoWaiting, status: "rejected", status_reason: "The pictures show another game" },
          ]),
        },
      ],
      "POST admin/products/reject": { body: true },
    });
    const release = holdAnswers("POST admin/products/reject");
    const { events } = renderApp("/admin/products", { user: admin });

    await events.click(await screen.findByRole("button", { name: "Reject CS2 prime account" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Reject “CS2 prime account”" }));
    await events.type(dialog.getByRole("textbox", { name: "Reason" }), "bad");
    await events.click(dialog.getByRole("button", { name: "Reject" }));
    expect(await dialog.findByText("Write at least 5 characters")).toBeInTheDocument();
    expect(api.bodiesOf("POST admin/products/reject")).toEqual([]);

    await events.clear(dialog.getByRole("textbox", { name: "Reason" }));
    await events.type(dialog.getByRole("textbox", { name: "Reason" }), " The pictures show another game ");
    await events.click(dialog.getByRole("button", { name: "Reject" }));

    await waitFor(() =>
      expect(item("CS2 prime account").getByRole("button", { name: "Approve CS2 prime account" })).toBeDisabled(),
    );
    expect(
      item("Dota 2 account, 5000 MMR").getByRole("button", { name: "Approve Dota 2 account, 5000 MMR" }),
    ).toBeEnabled();
    expect(api.bodiesOf("POST admin/products/reject")).toEqual([
      { product_id: alsoWaiting.id, reason: "The pictures show another game" },
    ]);

    release();

    expect(await screen.findByText("“CS2 prime account” is rejected")).toBeInTheDocument();
    await waitFor(() => expect(item("CS2 prime account").getByText("Rejected by a moderator")).toBeInTheDocument());
    expect(item("CS2 prime account").getByText("The pictures show another game")).toBeInTheDocument();
    expect(item("CS2 prime account").queryByRole("button")).not.toBeInTheDocument();
    expect(api.bodiesOf("POST admin/products/approve")).toEqual([]);
  });

  it("takes a listing down with a reason, and keeps the dialog open with the server's refusal", async () => {
    const api = stubApi({
      "GET admin/products": [
        { body: page([onSale]) },
        { body: page([{ ...onSale, status: "withdrawn", status_reason: "Counterfeit keys" }]) },
      ],
      "POST admin/products/take-down": [
        refusal(409, "INVALID_PRODUCT_STATUS", "Wrong status"),
        { body: { ...onSale, product_data: onSale.product_data_string, status: "withdrawn" } },
      ],
    });
    const { events } = renderApp("/admin/products", { user: admin });

    await events.click(await screen.findByRole("button", { name: "Take down Steam key" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Take down “Steam key”" }));
    await events.type(dialog.getByRole("textbox", { name: "Reason" }), "Counterfeit keys");
    await events.click(dialog.getByRole("button", { name: "Take down" }));
    expect(await dialog.findByText("The product is not in a state that allows this")).toBeInTheDocument();

    await events.click(dialog.getByRole("button", { name: "Take down" }));

    expect(await screen.findByText("“Steam key” is taken down")).toBeInTheDocument();
    await waitFor(() => expect(item("Steam key").getByText("Withdrawn")).toBeInTheDocument());
    expect(item("Steam key").getByText("Counterfeit keys")).toBeInTheDocument();
    expect(item("Steam key").queryByRole("button")).not.toBeInTheDocument();
    expect(api.bodiesOf("POST admin/products/take-down")).toEqual([
      { product_id: onSale.id, reason: "Counterfeit keys" },
      { product_id: onSale.id, reason: "Counterfeit keys" },
    ]);
  });

  it("says why a decision failed, in words, and lets the admin try again", async () => {
    stubApi({
      "GET admin/products": { body: page([waiting]) },
      "POST admin/products/approve": refusal(409, "INVALID_PRODUCT_STATUS", "Wrong status"),
    });
    const { events } = renderApp("/admin/products", { user: admin });

    await events.click(await screen.findByRole("button", { name: "Approve Dota 2 account, 5000 MMR" }));

    expect(await screen.findByText("Could not approve “Dota 2 account, 5000 MMR”")).toBeInTheDocument();
    expect(screen.getByText("The product is not in a state that allows this")).toBeInTheDocument();
    expect(
      item("Dota 2 account, 5000 MMR").getByRole("button", { name: "Approve Dota 2 account, 5000 MMR" }),
    ).toBeEnabled();
  });

  it("does not count an approval whose answer is not true as done", async () => {
    stubApi({ "GET admin/products": { body: page([waiting]) }, "POST admin/products/approve": { body: false } });
    const { events } = renderApp("/admin/products", { user: admin });

    await events.click(await screen.findByRole("button", { name: "Approve Dota 2 account, 5000 MMR" }));

    expect(await screen.findByText("Could not approve “Dota 2 account, 5000 MMR”")).toBeInTheDocument();
    expect(screen.queryByText("“Dota 2 account, 5000 MMR” is approved and on sale")).not.toBeInTheDocument();
  });

  it("shows a skeleton while loading, then an error with Try again", async () => {
    stubApi({ "GET admin/products": [refusal(500, "SERVER_ERROR", "Boom"), { body: page([waiting]) }] });
    const { events } = renderApp("/admin/products", { user: admin });

    expect(await screen.findByRole("status")).toHaveTextContent("Loading…");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load the products");
    await events.click(within(alert).getByRole("button", { name: "Try again" }));

    expect(await screen.findByText("1 product")).toBeInTheDocument();
  });

  it("says so when no product has the chosen status", async () => {
    stubApi({ "GET admin/products": { body: page([], 1, 0, 0) } });
    renderApp("/admin/products?status=refunded", { user: admin });

    expect(await screen.findByText("No products with this status")).toBeInTheDocument();
    expect(screen.getByText("0 products")).toBeInTheDocument();
  });

  it("speaks Russian, with plural forms", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubApi({ "GET admin/products": { body: page([waiting, refused], 1, 1, 22) } });
      renderApp("/admin/products", { user: admin });

      expect(await screen.findByRole("heading", { level: 1, name: "Товары" })).toBeInTheDocument();
      expect(await screen.findByText("22 товара")).toBeInTheDocument();
      const first = item("Dota 2 account, 5000 MMR");
      expect(first.getByText("2 изображения")).toBeInTheDocument();
      expect(first.getByRole("button", { name: "Одобрить «Dota 2 account, 5000 MMR»" })).toBeInTheDocument();
      expect(first.getByRole("button", { name: "Отклонить «Dota 2 account, 5000 MMR»" })).toBeInTheDocument();
      expect(item("Fake skins").getByText("0 изображений")).toBeInTheDocument();
      expect(item("Fake skins").getByText("Отклонён модератором")).toBeInTheDocument();
      expect(screen.getByRole("combobox", { name: "Статус" })).toHaveValue("Все статусы");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
