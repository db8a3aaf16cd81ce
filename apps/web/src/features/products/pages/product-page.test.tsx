import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeCategory, makeProduct } from "@/shared/catalog/testing/catalog-fixtures";
import { makeSellerStats } from "@/shared/trust/testing/trust-fixtures";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { queriesOf, refusal, stubApi, type StubReply } from "@/test/stub-api";
import type { Review } from "@lootlane/contract";

const dota = makeCategory(1, { name: "Dota 2", name_ru: "Dota 2", slug: "dota-2" });
const accounts = makeCategory(3, { name: "Accounts", name_ru: "Аккаунты", slug: "accounts", parent_id: dota.id });
const mira = makeUser({ username: "mira" });
const alex = makeUser({ id: "0b7e1c52-0c43-4c55-a3c3-2d3d4a5b6c7d", username: "alex" });

const images = [
  {
    id: "22222222-0000-4000-8000-000000000001",
    image_url: "/media/products/a.png",
    thumbnail_url: "/media/products/a-thumb.png",
  },
  {
    id: "22222222-0000-4000-8000-000000000002",
    image_url: "/media/products/b.png",
    thumbnail_url: "/media/products/b-thumb.png",
  },
];
const product = {
  ...makeProduct(7, {
    title: "Dota 2 account with Arcana",
    description: "Immortal rank.\nAll heroes.",
    price: 12500,
    category: accounts,
    images,
    seller: { username: "mira", avatar_url: "", rating: 4.25 },
  }),
  seller_stats: makeSellerStats({ completed_deals: 12, reviews_count: 3, rating: 4.25, is_online: true }),
};
const owned = {
  ...product,
  is_owner: true,
  product_data: "login: arcana / password: hunter22",
  product_data_string: "login: arcana / password: hunter22",
};
const path = `/product/${product.id}`;

function routes(answer: StubReply | StubReply[], extra: Record<string, StubReply> = {}) {
  return {
    "GET categories/all": { body: [dota, accounts] },
    [`GET products/${product.id}`]: answer,
    "GET users/mira/reviews": { body: [] },
    ...extra,
  };
}

describe("product page, visitor", () => {
  it("shows pictures, title, price, description, category and the seller", async () => {
    stubApi(routes({ body: product }));
    renderApp(path, { user: null });

    expect(await screen.findByRole("heading", { level: 1, name: "Dota 2 account with Arcana" })).toBeInTheDocument();
    expect(screen.getByText("12 500 ₽")).toBeInTheDocument();
    expect(screen.getByText("Instant delivery")).toBeInTheDocument();
    expect(screen.getByText("In stock: 1")).toBeInTheDocument();
    expect(screen.getByText(/Immortal rank/)).toHaveTextContent("Immortal rank. All heroes.");
    expect(screen.getByText("ACTIVE")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "mira" })).toHaveAttribute("href", "/profile/mira");
    const category = screen.getByRole("navigation", { name: "Category" });
    expect(await within(category).findByRole("link", { name: "Dota 2" })).toHaveAttribute("href", "/games/dota-2");
    expect(within(category).getByRole("link", { name: "Accounts" })).toHaveAttribute("href", "/games/dota-2/accounts");
    expect(document.title).toBe("Dota 2 account with Arcana · Lootlane");
  });

  it("tells the buyer the guarantee after receipt before buying", async () => {
    stubApi(routes({ body: { ...product, guarantee_days: 14 } }));
    renderApp(path, { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Dota 2 account with Arcana" })).toBeInTheDocument();
    expect(screen.getByText("Guarantee: 14 days after receipt")).toBeInTheDocument();
  });

  it("tells the guarantee in Russian, with its plural form", async () => {
    stubApi(routes({ body: { ...product, guarantee_days: 21 } }));
    await i18n.changeLanguage("ru");
    try {
      renderApp(path, { user: null });
      expect(await screen.findByText("Гарантия: 21 день после получения")).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("shows no guarantee for goods without one", async () => {
    stubApi(routes({ body: product }));
    renderApp(path, { user: null });
    expect(await screen.findByRole("heading", { level: 1, name: "Dota 2 account with Arcana" })).toBeInTheDocument();
    expect(screen.queryByText(/^Guarantee:/)).not.toBeInTheDocument();
  });

  it("names the category in Russian for a Russian reader", async () => {
    stubApi(routes({ body: product }));
    await i18n.changeLanguage("ru");
    try {
      renderApp(path, { user: null });

      const category = await screen.findByRole("navigation", { name: "Категория" });
      expect(await within(category).findByRole("link", { name: "Аккаунты" })).toHaveAttribute(
        "href",
        "/games/dota-2/accounts",
      );
      expect(category).not.toHaveTextContent("Accounts");
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("sends a guest who wants to buy to sign in, and back here after", async () => {
    stubApi(routes({ body: product }));
    const { events, router } = renderApp(path, { user: null });

    await events.click(await screen.findByRole("link", { name: "Buy" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/signin"));
    expect(router.state.location.state).toEqual({ from: path });
  });

  it("offers another signed-in user Buy, and no owner actions or goods", async () => {
    stubApi(routes({ body: product }));
    renderApp(path, { user: alex });

    expect(await screen.findByRole("button", { name: "Buy" })).toBeEnabled();
    expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Goods" })).not.toBeInTheDocument();
  });

  it("offers no purchase of a sold product", async () => {
    stubApi(routes({ body: { ...product, status: "purchased", is_sold: true, in_stock: 0 } }));
    renderApp(path, { user: alex });

    expect(await screen.findByText("This product has been sold.")).toBeInTheDocument();
    expect(screen.getByText("SOLD")).toBeInTheDocument();
    expect(screen.getByText("Sold out")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Buy" })).not.toBeInTheDocument();
  });

  it("shows the goods to an admin", async () => {
    stubApi(routes({ body: { ...product, product_data: "login: arcana", product_data_string: "login: arcana" } }));
    renderApp(path, { user: makeUser({ id: alex.id, username: "admin", role: "admin" }) });

    expect(await screen.findByRole("heading", { name: "Goods" })).toBeInTheDocument();
    expect(screen.getByText("login: arcana")).toBeInTheDocument();
    expect(screen.getByText("You see this as an administrator.")).toBeInTheDocument();
  });
});

describe("product page, the seller", () => {
  const review = (n: number, overrides: Partial<Review> = {}): Review => ({
    id: `66666666-0000-4000-8000-00000000000${n}`,
    deal_id: `55555555-0000-4000-8000-00000000000${n}`,
    stars: 5,
    text: `Review number ${n}`,
    reply: null,
    replied_at: null,
    created_at: `2025-11-2${n}T10:00:00.000Z`,
    author: { id: alex.id, username: `buyer${n}`, avatar_url: "" },
    seller: { id: mira.id, username: "mira", avatar_url: "" },
    product: { id: product.id, title: "Dota 2 account with Arcana" },
    ...overrides,
  });
  /** The seller card's facts, "term: definition". */
  function facts(region = "Seller mira") {
    const card = within(screen.getByRole("region", { name: region }));
    const definitions = card.getAllByRole("definition");
    return card.getAllByRole("term").map((term, index) => `${term.textContent}: ${definitions[index]?.textContent}`);
  }

  it("says how far the seller can be trusted: rating and reviews, completed deals, presence, member since", async () => {
    stubApi(routes({ body: product }));
    renderApp(path, { user: null });

    await screen.findByRole("region", { name: "Seller mira" });
    expect(facts()).toEqual([
      "Rating: ★ 4,3 3 reviews",
      "Completed: 12 deals",
      "Online: Now",
      "Member since: 15.01.2025",
    ]);
  });

  it("says in Russian when an offline seller was last seen, with Russian plural forms", async () => {
    vi.useFakeTimers({ now: new Date("2025-11-20T12:00:00.000Z"), toFake: ["Date"] });
    const stats = { completed_deals: 1, reviews_count: 22, is_online: false, last_seen: "2025-11-20T09:00:00.000Z" };
    stubApi(routes({ body: { ...product, seller_stats: makeSellerStats({ ...stats, rating: 4.25 }) } }));
    await i18n.changeLanguage("ru");
    try {
      renderApp(path, { user: null });
      await screen.findByRole("region", { name: "Продавец mira" });
      expect(facts("Продавец mira")).toEqual([
        "Рейтинг: ★ 4,3 22 отзыва",
        "Завершено: 1 сделка",
        "В сети: 3 часа назад",
        "С нами с: 15.01.2025",
      ]);
    } finally {
      vi.useRealTimers();
      await i18n.changeLanguage("en");
    }
  });

  it("shows the seller's newest reviews and leads to all of them on the profile", async () => {
    stubApi(routes({ body: product }, { "GET users/mira/reviews": { body: [review(3), review(2, { stars: 4 })] } }));
    renderApp(path, { user: null });

    const list = await screen.findByRole("list", { name: "Seller's recent reviews" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByText(/Review number/).textContent)).toEqual([
      "Review number 3",
      "Review number 2",
    ]);
    expect(within(items[1]!).getByRole("img", { name: "4 stars out of 5" })).toBeInTheDocument();
    expect(within(items[0]!).getByRole("link", { name: "buyer3" })).toHaveAttribute("href", "/profile/buyer3");
    expect(within(items[0]!).getByText("23.11.2025")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All reviews" })).toHaveAttribute("href", "/profile/mira?tab=reviews");
    // Only the newest few are asked for.
    expect(queriesOf("users/mira/reviews")).toEqual([{ limit: "3" }]);
  });

  it("says so when the seller has no reviews yet", async () => {
    stubApi(routes({ body: product }));
    renderApp(path, { user: null });

    expect(await screen.findByText("No reviews yet. Buyers leave them after a completed deal.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "All reviews" })).not.toBeInTheDocument();
  });
});

describe("product page, gallery", () => {
  it("switches pictures with the thumbnails and zooms the large one", async () => {
    stubApi(routes({ body: product }));
    const { events } = renderApp(path, { user: null });

    const large = await screen.findByRole("button", { name: "Zoom image 1 of 2" });
    expect(within(large).getByRole("img")).toHaveAttribute("src", "/media/products/a.png");
    await events.click(screen.getByRole("button", { name: "Show image 2 of 2" }));
    expect(screen.getByRole("button", { name: "Show image 2 of 2" })).toHaveAttribute("aria-current", "true");

    await events.click(screen.getByRole("button", { name: "Zoom image 2 of 2" }));

    const dialog = await screen.findByRole("dialog", { name: "Dota 2 account with Arcana" });
    expect(within(dialog).getByRole("img", { name: "Dota 2 account with Arcana, image 2 of 2" })).toHaveAttribute(
      "src",
      "/media/products/b.png",
    );
    await events.click(within(dialog).getByRole("button", { name: "Next image" }));
    expect(within(dialog).getByRole("img", { name: "Dota 2 account with Arcana, image 1 of 2" })).toBeInTheDocument();
    await events.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows a placeholder for a product without pictures", async () => {
    stubApi(routes({ body: { ...product, images: [] } }));
    renderApp(path, { user: null });

    expect(await screen.findByRole("img", { name: "No images" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Zoom image/ })).not.toBeInTheDocument();
  });
});

describe("product page, owner", () => {
  it("shows Edit, Delete and the goods, and no Buy", async () => {
    stubApi(routes({ body: owned }));
    renderApp(path, { user: mira });

    expect(await screen.findByRole("link", { name: "Edit" })).toHaveAttribute("href", `/product/edit/${product.id}`);
    expect(screen.getByRole("button", { name: "Delete" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Manage stock" })).toHaveAttribute("href", `/product/${product.id}/stock`);
    expect(screen.getByText("login: arcana / password: hunter22")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Buy" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Buy" })).not.toBeInTheDocument();
  });

  it("offers no stock screen for a listing delivered by hand, and says how many are offered", async () => {
    stubApi(routes({ body: { ...owned, delivery: "manual", in_stock: 40 } }));
    renderApp(path, { user: mira });

    expect(await screen.findByRole("link", { name: "Edit" })).toBeInTheDocument();
    expect(screen.getByText("Delivered in the chat")).toBeInTheDocument();
    expect(screen.getByText("In stock: 40")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Manage stock" })).not.toBeInTheDocument();
  });

  it("tells the owner a product waits for moderation", async () => {
    stubApi(routes({ body: { ...owned, status: "moderation" } }));
    renderApp(path, { user: mira });

    expect(await screen.findByText("PENDING")).toBeInTheDocument();
    expect(screen.getByText(/Waiting for moderation/)).toBeInTheDocument();
  });

  it("deletes after confirmation and goes to the own profile", async () => {
    stubApi(routes({ body: owned }, { "DELETE products/": { body: {} }, "GET users/mira": { body: mira } }));
    const { events, router } = renderApp(path, { user: mira });

    await events.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this product?" });
    await events.click(within(dialog).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/mira"));
    const deletes = vi
      .mocked(fetch)
      .mock.calls.map(([request]) => request as Request)
      .filter((request) => request.method === "DELETE")
      .map((request) => new URL(request.url).search);
    expect(deletes).toEqual([`?product_id=${product.id}`]);
    expect(await screen.findByText("The product was deleted")).toBeInTheDocument();
  });

  it("deletes nothing when the owner cancels", async () => {
    const api = stubApi(routes({ body: owned }));
    const { events } = renderApp(path, { user: mira });

    await events.click(await screen.findByRole("button", { name: "Delete" }));
    await events.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.calls.map((call) => call.route)).not.toContain("DELETE products/");
  });

  it("shows why a delete failed, translated, and stays on the page", async () => {
    stubApi(
      routes(
        { body: owned },
        {
          "DELETE products/": refusal(
            409,
            "PRODUCT_IN_OPEN_DEAL",
            "The product is in an open deal and cannot be changed",
          ),
        },
      ),
    );
    const { events, router } = renderApp(path, { user: mira });

    await i18n.changeLanguage("ru");
    try {
      await events.click(await screen.findByRole("button", { name: "Удалить" }));
      const dialog = await screen.findByRole("dialog", { name: "Удалить этот товар?" });
      await events.click(within(dialog).getByRole("button", { name: "Удалить" }));

      expect(await within(dialog).findByRole("alert")).toHaveTextContent(
        "Товар в незавершённой сделке, изменить его нельзя",
      );
      expect(router.state.location.pathname).toBe(path);
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

describe("product page, failures", () => {
  it("says clearly when there is no such product", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubApi(routes(refusal(404, "PRODUCT_NOT_FOUND", "Product not found")));
    renderApp(path, { user: null });

    expect(await screen.findByRole("heading", { level: 1, name: "Product not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the catalogue" })).toHaveAttribute("href", "/");
    expect(document.title).toBe("Product not found · Lootlane");
  });

  it("offers to try again after another failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubApi(routes([refusal(500, "SERVER_ERROR", "Internal error"), { body: product }]));
    const { events } = renderApp(path, { user: null });

    expect(await screen.findByText("The product did not load")).toBeInTheDocument();
    await events.click(screen.getByRole("button", { name: "Try again" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Dota 2 account with Arcana" })).toBeInTheDocument();
  });
});
