import type { Category, ProductDetail, ProductPage, ProductWithSellerStats } from "@lootlane/contract";
import { makeSellerStats } from "@/shared/trust/testing/trust-fixtures";

/** A valid v4-shaped uuid numbered `n`, so fixtures read as "product 3" yet pass the contract's uuid check. */
export function fixtureId(n: number, kind: "product" | "category" | "image" = "product"): string {
  const prefix = { product: "00000000", category: "11111111", image: "22222222" }[kind];
  return `${prefix}-0000-4000-8000-${n.toString().padStart(12, "0")}`;
}

export function makeCategory(n: number, overrides: Partial<Category> = {}): Category {
  return {
    id: fixtureId(n, "category"),
    name: `Category ${n}`,
    name_ru: `Категория ${n}`,
    slug: `category-${n}`,
    description: "",
    description_ru: "",
    image_url: null,
    guarantee_days: null,
    position: n,
    hidden: false,
    ...overrides,
  };
}

/**
 * An active product on sale by "seller", as GET /products/{id} answers a visitor (no goods, the seller's stats);
 * lists read the same object without the stats.
 */
export function makeProduct(n: number, overrides: Partial<ProductWithSellerStats> = {}): ProductWithSellerStats {
  return {
    id: fixtureId(n),
    title: `Product number ${n}`,
    description: `The description of product ${n}`,
    price: 1500,
    product_data_string: null,
    product_data: null,
    guarantee_days: 0,
    status: "active",
    is_sold: false,
    created_at: "2025-03-01T12:00:00.000Z",
    is_owner: false,
    delivery: "auto",
    in_stock: 1,
    status_reason: null,
    seller: { username: "seller", avatar_url: "", rating: 4.5 },
    seller_stats: makeSellerStats(),
    category: makeCategory(1, { name: "Dota 2", slug: "dota-2" }),
    images: [
      {
        id: fixtureId(n, "image"),
        image_url: `/media/products/${n}.png`,
        thumbnail_url: `/media/products/${n}-thumb.png`,
      },
    ],
    ...overrides,
  };
}

/** Products `from`..`to` (inclusive). */
export function makeProducts(from: number, to: number): ProductDetail[] {
  return Array.from({ length: to - from + 1 }, (_, index) => makeProduct(from + index));
}

/** A GET /products/get/all or /products/search answer. */
export function productPage(products: ProductDetail[], page = 1, totalPages = 1, total = products.length): ProductPage {
  return { products, page, total_pages: totalPages, total };
}
