import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { type ApiSession, signUpThroughApi } from "./support/api-session.js";
import { openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { listedProduct, signInOnPage, useJourney } from "./support/journey.js";

const password = "Trusting!1pass";
const review = "The key worked at once, thank you!";
/** The seller signs up today; dates show in the ru-RU form in both languages. */
const today = new Date().toLocaleDateString("ru-RU");
/** ru-RU numbers separate groups and the currency with no-break spaces. */
const money = (text: string) => new RegExp(text.replace(/ /g, "\\s"));

/** What each run of the journey reads, in its language. */
const languages = {
  en: {
    viewport: viewports.desktop,
    signIn: undefined,
    seller: "Seller trust_seller",
    // The seller has never been online while the English visitor looks.
    facts: ["Rating: ★ 5,0 1 review", "Completed: 1 deal", "Online: Not yet", `Member since: ${today}`],
    reviews: "Seller's recent reviews",
    allReviews: "All reviews",
    reviewsTab: "Reviews",
    messageSeller: "Message seller",
    chatWith: "Chat with trust_seller",
    chatList: "Chat list",
    about: "What this chat is about",
    onSale: "On sale",
    active: "Active",
    loadMore: "Load more",
  },
  ru: {
    viewport: viewports.phone,
    signIn: { password: "Пароль", submit: "Войти" },
    seller: "Продавец trust_seller",
    // The seller has the site open while the Russian visitor looks.
    facts: ["Рейтинг: ★ 5,0 1 отзыв", "Завершено: 1 сделка", "В сети: Сейчас", `С нами с: ${today}`],
    reviews: "Свежие отзывы о продавце",
    allReviews: "Все отзывы",
    reviewsTab: "Отзывы",
    messageSeller: "Написать продавцу",
    chatWith: "Чат с trust_seller",
    chatList: "Список чатов",
    about: "О чём этот чат",
    onSale: "В продаже",
    active: "В продаже",
    loadMore: "Показать ещё",
  },
} as const;

describe.skipIf(skipReason)("seller trust journey", () => {
  const journey = useJourney();
  let onSaleId: string;

  const listed = (seller: ApiSession, title: string) =>
    listedProduct(journey, seller, {
      title,
      description: "Activation key for the Steam version, region free.",
      productData: "KEY-TRUST-0000-1111",
      price: 1500,
    });

  const signUp = (username: string) =>
    signUpThroughApi(journey.server.baseUrl, journey.mail, { email: `${username}@example.com`, username, password });

  /** The facts of the seller card, "term: definition". */
  async function sellerFacts(page: Page, region: string): Promise<string[]> {
    const card = page.getByRole("region", { name: region });
    await card.waitFor();
    const terms = await card.getByRole("term").allTextContents();
    const definitions = await card.getByRole("definition").allTextContents();
    return terms.map((term, index) => `${term}: ${definitions[index]}`);
  }

  // The seller has sold one key, which its buyer confirmed and reviewed, and has another on sale.
  beforeAll(async () => {
    const seller = await signUp("trust_seller");
    const soldId = await listed(seller, "Steam key: Hollow Knight");
    onSaleId = await listed(seller, "Steam key: Celeste");
    const buyer = await signUp("trust_buyer");
    const { user_id } = (await (await buyer.call("GET", "/auth/get-my-user-id")).json()) as { user_id: string };
    const topUp = { user_id, amount: 1500, memo: "journey top-up" };
    expect((await journey.adminApi.call("POST", "/admin/balance-adjustment", topUp)).status).toBe(200);
    const bought = await buyer.call("POST", "/products/buy", { product_id: soldId });
    expect(bought.status, await bought.clone().text()).toBe(200);
    const { deal } = (await bought.json()) as { deal: { id: string } };
    expect((await buyer.call("PATCH", "/products/confirm-receipt", { product_id: soldId })).status).toBe(200);
    const reviewed = await buyer.call("POST", "/reviews/", { deal_id: deal.id, stars: 5, text: review });
    expect(reviewed.status, await reviewed.clone().text()).toBe(200);
  });

  for (const language of ["en", "ru"] as const) {
    const words = languages[language];

    it(`shows the seller's stats and reviews, what a chat is about, and every product of a profile (${language}, ${words.viewport.width} px)`, async () => {
      const visitor = `trust_visitor_${language}`;
      await signUp(visitor);
      const { context, page, pageErrors } = await openPage(journey.browser, journey.server.baseUrl, words.viewport);
      if (language === "ru") await context.addInitScript(() => localStorage.setItem("user-language", "ru"));
      await signInOnPage(page, { email: `${visitor}@example.com`, password }, words.signIn);

      const seller = language === "ru" ? await openPage(journey.browser, journey.server.baseUrl) : undefined;
      if (seller) {
        await signInOnPage(seller.page, { email: "trust_seller@example.com", password });
        await seller.page.goto("/chats");
      }

      // The product page: the seller's stats and their newest review, leading to all of them.
      await page.goto(`/product/${onSaleId}`);
      await expect.poll(() => sellerFacts(page, words.seller)).toEqual(words.facts);
      const reviews = page.getByRole("list", { name: words.reviews });
      await reviews.getByText(review).waitFor();
      await reviews.getByRole("link", { name: "trust_buyer" }).waitFor();
      await page.getByRole("link", { name: words.allReviews }).click();
      await expect
        .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
        .toBe("/profile/trust_seller?tab=reviews");
      await expect
        .poll(() => page.getByRole("tab", { name: words.reviewsTab }).getAttribute("aria-selected"))
        .toBe("true");
      await page.getByRole("tabpanel").getByText(review).waitFor();

      // Message seller: the chat names the product in its header and in its row of the list.
      await page.goto(`/product/${onSaleId}`);
      await page.getByRole("button", { name: words.messageSeller }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/chats");
      const about = page.getByRole("region", { name: words.chatWith }).getByRole("group", { name: words.about });
      await about.getByRole("link", { name: "Steam key: Celeste" }).waitFor();
      await about.getByText(money("1 500 ₽")).waitFor();
      await about.getByText(words.onSale).waitFor();
      if (language === "ru") {
        // On a phone the list is its own screen, behind the back arrow.
        await page.getByRole("button", { name: "Назад к списку чатов" }).click();
      }
      const row = page.getByRole("navigation", { name: words.chatList }).getByRole("button", { name: /trust_seller/ });
      await expect.poll(() => row.textContent()).toContain("Steam key: Celeste");
      await expect.poll(() => row.textContent()).toContain(words.onSale);

      // The demo seller's profile has more products than one page holds: Load more brings the rest.
      const onSale = (await (
        await fetch(`${journey.server.baseUrl}/v1/products/user/by-username/demo_seller?shelf=on_sale&per_page=100`)
      ).json()) as unknown[];
      expect(onSale.length).toBeGreaterThan(30);
      await page.goto("/profile/demo_seller");
      const panel = page.getByRole("tabpanel", { name: words.active });
      const cards = panel.getByRole("listitem");
      await expect.poll(() => cards.count()).toBe(30);
      await panel.getByRole("button", { name: words.loadMore }).click();
      await expect.poll(() => cards.count()).toBe(onSale.length);
      expect(await panel.getByRole("button", { name: words.loadMore }).count()).toBe(0);

      expect(pageErrors).toEqual([]);
      await context.close();
      await seller?.context.close();
    });
  }
});
