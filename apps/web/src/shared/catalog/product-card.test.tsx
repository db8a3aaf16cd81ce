import { MantineProvider } from "@mantine/core";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { i18n } from "@/shared/i18n/i18n";
import { ProductGrid } from "./product-grid";
import { makeProduct } from "./testing/catalog-fixtures";

function renderGrid(...args: Parameters<typeof ProductGrid>) {
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <ProductGrid {...args[0]} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return screen.getAllByRole("listitem");
}

describe("ProductCard", () => {
  it("shows thumbnail, title, price in roubles and the seller with rating, all one link to the product", () => {
    const product = makeProduct(7, {
      title: "Arcana bundle",
      price: 12500,
      seller: { username: "mira", avatar_url: "", rating: 4.25 },
    });
    const [card] = renderGrid({ products: [product] });

    const link = within(card!).getByRole("link");
    expect(link).toHaveAttribute("href", `/product/${product.id}`);
    expect(link).toHaveTextContent("Arcana bundle");
    // The query collapses the no-break spaces Intl writes into plain ones.
    expect(within(link).getByText("12 500 ₽")).toBeInTheDocument();
    expect(within(link).getByText("mira")).toBeInTheDocument();
    expect(link).toHaveTextContent("rating 4,3");
    expect(link.querySelector("img")).toHaveAttribute("src", "/media/products/7-thumb.png");
  });

  it("shows a placeholder for a product without images", () => {
    const [card] = renderGrid({ products: [makeProduct(1, { images: [] })] });

    expect(card!.querySelector("img")).toBeNull();
    expect(card).toHaveTextContent("Product number 1");
  });

  it("labels a sold product even without showStatus, and an active one only with it", () => {
    const items = renderGrid({ products: [makeProduct(1, { status: "purchased", is_sold: true }), makeProduct(2)] });

    expect(items[0]).toHaveTextContent("SOLD");
    expect(items[1]).not.toHaveTextContent("ACTIVE");
  });

  it("labels every status when asked", () => {
    const items = renderGrid({
      products: [makeProduct(1), makeProduct(2, { status: "moderation" })],
      showStatus: true,
    });

    expect(items[0]).toHaveTextContent("ACTIVE");
    expect(items[1]).toHaveTextContent("PENDING");
  });

  it("says how the goods arrive and how many are left", () => {
    const items = renderGrid({
      products: [
        makeProduct(1, { in_stock: 12_000 }),
        makeProduct(2, { delivery: "manual", in_stock: 40 }),
        makeProduct(3, { in_stock: 0 }),
        makeProduct(4, { in_stock: 0, status: "purchased", is_sold: true }),
      ],
    });

    expect(items[0]).toHaveTextContent(/Instant\s*In stock: 12\s000/);
    expect(items[1]).toHaveTextContent(/In chat\s*In stock: 40/);
    expect(items[2]).toHaveTextContent("Sold out");
    // A sold product's label says it all.
    expect(items[3]).not.toHaveTextContent("Sold out");
    expect(items[3]).toHaveTextContent("SOLD");
  });

  it("speaks Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      const [card] = renderGrid({ products: [makeProduct(1)] });
      expect(card).toHaveTextContent("Продавец:");
      expect(card).toHaveTextContent("рейтинг 4,5");
      expect(card).toHaveTextContent(/Моментально\s*В наличии: 1/);
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
