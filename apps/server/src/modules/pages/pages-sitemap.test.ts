import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category, Product } from "../../db/schema/catalog.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct, createTestSubcategory } from "../../test/test-catalog.js";
import { parseSitemap } from "../../test/test-html.js";
import { testPeople, type Person } from "../../test/test-people.js";

const ORIGIN = "http://localhost";
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** GET a file of the sitemap as a crawler does, checking it is XML. */
async function fetchSitemap(app: TestApp, url: string) {
  const response = await app.app.inject({ method: "GET", url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  expect(response.headers["content-type"], url).toMatch(/^application\/xml/);
  expect(response.body.startsWith(XML_DECLARATION), url).toBe(true);
  return parseSitemap(response.body);
}

const pathOf = (url: string) => url.slice(ORIGIN.length);

describe("robots.txt", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: "https://market.example" });
  });
  afterAll(() => t.close());

  it("lets crawlers read the public pages, keeps them out of the API and the private pages, and names the sitemap", async () => {
    const response = await t.app.inject({ method: "GET", url: "/robots.txt" });

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = response.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    const disallowed = lines.filter((line) => line.startsWith("Disallow: ")).map((line) => line.slice(10));
    expect(disallowed).toEqual(
      expect.arrayContaining([
        "/v1/",
        "/chats",
        "/wallet",
        "/settings",
        "/notifications",
        "/admin",
        "/product/create",
        "/product/edit/",
        "/product/*/stock",
        "/pay/test/",
        "/unsubscribe",
      ]),
    );
    // Nothing a public page's address starts with is disallowed; rules under /admin are covered by /admin.
    for (const rule of disallowed) {
      for (const page of ["/", "/games/dota-2", "/product/0b5c", "/profile/seller", "/media/x.png", "/signin"])
        expect(page.startsWith(rule), `${rule} blocks ${page}`).toBe(false);
    }
    expect(disallowed.filter((rule) => rule.startsWith("/admin"))).toEqual(["/admin"]);
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Sitemap: https://market.example/sitemap.xml");
  });
});

describe("the sitemap of a small catalogue", () => {
  let t: TestApp;
  const { person } = testPeople("sitemap", () => t);
  let game: Category;
  let kind: Category;
  let seller: Person;
  let onSale: Product[];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    game = await createTestGame(db, "Sitemap Game");
    kind = await createTestSubcategory(db, game, "Sitemap Kind");
    seller = await person();
    const soldOut = await person();
    const hiddenOnly = await person();
    onSale = [
      await createTestProduct(t, { sellerId: seller.user.id, categoryId: kind.id }),
      await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id }),
    ];
    await createTestProduct(t, { sellerId: soldOut.user.id, categoryId: kind.id, status: "completed" });
    for (const status of ["moderation", "rejected", "paused", "withdrawn"] as const)
      await createTestProduct(t, { sellerId: hiddenOnly.user.id, categoryId: kind.id, status });
    await createTestProduct(t, { sellerId: hiddenOnly.user.id, categoryId: kind.id, deletedAt: new Date() });
  });
  afterAll(() => t.close());

  it("is an index of one file of pages, one of products and one of sellers", async () => {
    const index = await fetchSitemap(t, "/sitemap.xml");

    expect(index.files).toEqual([
      `${ORIGIN}/sitemap-pages.xml`,
      `${ORIGIN}/sitemap-products.xml`,
      `${ORIGIN}/sitemap-sellers.xml`,
    ]);
  });

  it("lists the home page and every game and subcategory page", async () => {
    const { urls } = await fetchSitemap(t, "/sitemap-pages.xml");

    expect(urls.map((url) => url.loc)).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/games/${game.slug}`,
        `${ORIGIN}/games/${game.slug}/${kind.slug}`,
      ]),
    );
    expect(urls.map((url) => pathOf(url.loc)).every((path) => path === "/" || path.startsWith("/games/"))).toBe(true);
  });

  it("lists exactly the products on sale, each with when it last changed", async () => {
    const { urls } = await fetchSitemap(t, "/sitemap-products.xml");

    expect(urls).toEqual(
      [...onSale]
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((product) => ({ loc: `${ORIGIN}/product/${product.id}`, lastmod: product.updatedAt.toISOString() })),
    );
  });

  it("lists exactly the sellers with a product on sale", async () => {
    const { urls } = await fetchSitemap(t, "/sitemap-sellers.xml");

    expect(urls).toEqual([{ loc: `${ORIGIN}/profile/${seller.user.username}`, lastmod: undefined }]);
  });

  it("answers 404 for a file that is none of its slices", async () => {
    for (const url of ["/sitemap-products-zz.xml", "/sitemap-products-0000.xml", "/sitemap-products-A.xml"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe("the sitemap of a catalogue larger than one file", () => {
  // 40 addresses a file: 60 products and 30 sellers take more than one, so each kind is cut into 16 slices.
  const limits = { urlsPerFile: 40, batchSize: 7 };
  let t: TestApp;
  const { person } = testPeople("sitemap_big", () => t);
  let onSale: Product[] = [];
  let sellers: Person[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, { sitemapLimits: limits });
    const { id: categoryId } = await createTestGame(t.database.db, "Big Sitemap Game");
    sellers = [];
    for (let i = 0; i < 30; i += 1) sellers.push(await person());
    onSale = [];
    for (const seller of sellers) {
      for (let i = 0; i < 2; i += 1)
        onSale.push(await createTestProduct(t, { sellerId: seller.user.id, categoryId, imageCount: 0 }));
      await createTestProduct(t, { sellerId: seller.user.id, categoryId, status: "moderation", imageCount: 0 });
    }
    for (let i = 0; i < 5; i += 1) await person();
  });
  afterAll(() => t.close());

  const hexDigits = Array.from({ length: 16 }, (_, digit) => digit.toString(16));

  it("indexes 16 slices of products and of sellers, by the first hex digit of their ids", async () => {
    const index = await fetchSitemap(t, "/sitemap.xml");

    expect(index.files).toEqual([
      `${ORIGIN}/sitemap-pages.xml`,
      ...hexDigits.map((digit) => `${ORIGIN}/sitemap-products-${digit}.xml`),
      ...hexDigits.map((digit) => `${ORIGIN}/sitemap-sellers-${digit}.xml`),
    ]);
  });

  it("lists every product on sale once across its files, each file within the limit and in its slice", async () => {
    const listed: string[] = [];
    for (const digit of hexDigits) {
      const { urls } = await fetchSitemap(t, `/sitemap-products-${digit}.xml`);
      const ids = urls.map((url) => pathOf(url.loc).slice("/product/".length));
      expect(ids.length).toBeLessThanOrEqual(limits.urlsPerFile);
      expect(ids.every((id) => id.startsWith(digit))).toBe(true);
      expect(ids).toEqual([...ids].sort());
      listed.push(...ids);
    }

    expect(listed.sort()).toEqual(onSale.map((product) => product.id).sort());
  });

  it("lists every seller once across its files", async () => {
    const listed: string[] = [];
    for (const digit of hexDigits) {
      const { urls } = await fetchSitemap(t, `/sitemap-sellers-${digit}.xml`);
      listed.push(...urls.map((url) => pathOf(url.loc)));
    }

    expect(listed.sort()).toEqual(sellers.map((seller) => `/profile/${seller.user.username}`).sort());
  });

  it("never puts more than the limit in one file, even when asked for the whole catalogue at once", async () => {
    const { urls } = await fetchSitemap(t, "/sitemap-products.xml");

    expect(urls).toHaveLength(limits.urlsPerFile);
    expect(new Set(urls.map((url) => url.loc)).size).toBe(limits.urlsPerFile);
  });
});
