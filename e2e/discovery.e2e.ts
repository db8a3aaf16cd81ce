import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Category } from "@lootlane/contract";
import { openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { approveThroughApi, productForm, signUpUser, useJourney } from "./support/journey.js";

/** What the journey reads and chooses, in each language. */
const languages = {
  en: {
    kinds: "Kinds of goods",
    kind: /^Accounts/,
    priceFrom: "Price from",
    priceTo: "Price to",
    sortBy: "Sort by",
    priceDown: "Price: high to low",
    filters: /^Filters/,
    showResults: "Show results",
  },
  ru: {
    kinds: "Виды товаров",
    kind: /^Аккаунты/,
    priceFrom: "Цена от",
    priceTo: "Цена до",
    sortBy: "Сортировка",
    priceDown: "Сначала дорогие",
    filters: /^Фильтры/,
    showResults: "Показать товары",
  },
} as const;

type Language = keyof typeof languages;

/** The seller's listings in Minecraft › Accounts: two inside the range the visitor picks, two outside it. */
const listings = [
  { title: "Minecraft Java account, OG name", price: 800 },
  { title: "Minecraft Java + Bedrock account with cape", price: 1200 },
  { title: "Minecraft starter account", price: 400 },
  { title: "Minecraft collector account, every cape", price: 2400 },
];
const range = { from: 500, to: 2000 };

/** The titles of the cards in the order shown. */
function titlesOf(page: Page): Promise<string[]> {
  return page
    .locator('main a[href^="/product/"]')
    .evaluateAll((links) => links.map((link) => link.querySelector("p")?.textContent ?? ""));
}

type Listed = { title: string; price: number };

describe.skipIf(skipReason)("discovery journey", () => {
  const journey = useJourney();

  async function openIn(language: Language, viewport: { width: number; height: number }) {
    const opened = await openPage(journey.browser, journey.server.baseUrl, viewport);
    await opened.context.addInitScript((chosen) => localStorage.setItem("user-language", chosen), language);
    return opened;
  }

  /** What the API answers for the filtered, sorted listing: the list the page must show. */
  async function apiListing(): Promise<Listed[]> {
    const query = `min_price=${range.from}&max_price=${range.to}&sort=price_desc&page=1&per_page=30`;
    const response = await fetch(`${journey.server.baseUrl}/v1/products/minecraft/accounts?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Listed[];
  }

  beforeAll(async () => {
    const seller = await signUpUser(journey, "craft_seller", "Discovery!1pass");
    const categories = (await (await seller.call("GET", "/categories/all")).json()) as Category[];
    const minecraft = categories.find((category) => category.slug === "minecraft" && !category.parent_id)!;
    const accounts = categories.find(
      (category) => category.parent_id === minecraft.id && category.slug === "accounts",
    )!;
    for (const listing of listings) {
      const form = await productForm({
        ...listing,
        description: "Full access with the e-mail, name change available right after the purchase.",
        productData: `login: ${listing.price}@example.com / password: Creeper!${listing.price}`,
        categoryId: accounts.id,
      });
      const created = await seller.call("POST", "/products/", form);
      expect(created.status, await created.clone().text()).toBe(200);
      await approveThroughApi(journey, ((await created.json()) as { id: string }).id);
    }
  });

  it.each([
    ["en", "desktop"],
    ["ru", "phone"],
    ["en", "phone"],
    ["ru", "desktop"],
  ] as const)(
    "in %s on a %s: home → game → kind of goods, filter by price and sort, and a shared address shows the same list",
    async (language, screen) => {
      const texts = languages[language];
      const viewport = viewports[screen];
      const visitor = await openIn(language, viewport);
      const { page } = visitor;

      await page.goto("/");
      await page.getByRole("link", { name: "Minecraft", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: "Minecraft" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/games/minecraft");
      const kind = page.getByRole("navigation", { name: texts.kinds }).getByRole("link", { name: texts.kind });
      await kind.click();
      await expect.poll(() => kind.getAttribute("aria-current")).toBe("page");
      expect(new URL(page.url()).pathname).toBe("/games/minecraft/accounts");

      // On a phone the price fields wait in the Filters drawer; on a desktop they sit above the grid.
      if (screen === "phone") await page.getByRole("button", { name: texts.filters }).click();
      await page.getByRole("textbox", { name: texts.priceFrom }).fill(String(range.from));
      await page.getByRole("textbox", { name: texts.priceTo }).fill(String(range.to));
      await expect.poll(() => new URL(page.url()).search).toBe(`?min_price=${range.from}&max_price=${range.to}`);
      if (screen === "phone") {
        await page.getByRole("button", { name: texts.showResults }).click();
        await expect
          .poll(() => page.getByRole("button", { name: texts.filters }).getAttribute("aria-label"))
          .toMatch(/1/);
      }
      await page.getByRole("combobox", { name: texts.sortBy }).selectOption({ label: texts.priceDown });
      await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("price_desc");
      // The page shows what the API answers for these choices: the seller's two in range, dearest first.
      const expected = await apiListing();
      expect(expected.every(({ price }) => price >= range.from && price <= range.to)).toBe(true);
      expect(expected.map(({ price }) => price)).toEqual(expected.map(({ price }) => price).sort((a, b) => b - a));
      const titles = expected.map(({ title }) => title);
      expect(titles.indexOf(listings[1]!.title)).toBeGreaterThanOrEqual(0);
      expect(titles.indexOf(listings[1]!.title)).toBeLessThan(titles.indexOf(listings[0]!.title));
      // A page load under a busy CI machine takes longer than expect.poll's default second.
      await expect.poll(() => titlesOf(page), { timeout: 15_000 }).toEqual(titles);

      // The address, pasted into another browser, shows the same list in the same order, with the same choices.
      const shared = page.url();
      const friend = await openIn(language, viewport);
      await friend.page.goto(shared);
      await expect.poll(() => titlesOf(friend.page), { timeout: 15_000 }).toEqual(titles);
      expect(await friend.page.getByRole("combobox", { name: texts.sortBy }).inputValue()).toBe("price_desc");

      // The server renders the next page heads in this language (issue 21): the cookie says which, for a year.
      const cookie = (await friend.context.cookies()).find((candidate) => candidate.name === "user-language");
      expect(cookie).toMatchObject({ value: language, path: "/", sameSite: "Lax" });
      expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 60 * 60 * 1000);

      expect(visitor.pageErrors).toEqual([]);
      expect(friend.pageErrors).toEqual([]);
      await visitor.context.close();
      await friend.context.close();
    },
  );
});
