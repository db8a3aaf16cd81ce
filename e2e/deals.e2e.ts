import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpThroughApi } from "./support/api-session.js";
import { openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { sellerWithProduct, signInOnPage, useJourney } from "./support/journey.js";

const password = "Dealing!1pass";
const goods = "login: arcana-deal / password: Secret!2026";
/** ru-RU numbers separate groups and the currency with no-break spaces. */
const money = (text: string) => new RegExp(text.replace(/ /g, "\\s"));

describe.skipIf(skipReason)("deal journey", () => {
  const journey = useJourney();

  /** A seller with one approved 1,500-rouble product on sale, made through the API: the journey is about the deal. */
  const sellerWith = (username: string, title: string) =>
    sellerWithProduct(
      journey,
      { username, password },
      {
        title,
        description: "Immortal rank, all heroes, the original e-mail comes with it.",
        productData: goods,
        price: 1500,
      },
    );

  /** A buyer with 2,000 roubles, topped up by the admin through the ledger. */
  async function buyerWithBalance(username: string): Promise<void> {
    const buyer = await signUpThroughApi(journey.server.baseUrl, journey.mail, {
      email: `${username}@example.com`,
      username,
      password,
    });
    const { user_id } = (await (await buyer.call("GET", "/auth/get-my-user-id")).json()) as { user_id: string };
    const topUp = await journey.adminApi.call("POST", "/admin/balance-adjustment", {
      user_id,
      amount: 2000,
      memo: "journey top-up",
    });
    expect(topUp.status, await topUp.clone().text()).toBe(200);
  }

  const signIn = (page: Page, username: string, labels?: { password: string; submit: string }) =>
    signInOnPage(page, { email: `${username}@example.com`, password }, labels);

  it("buyer pays from the product page, gets the goods in the chat, confirms and reviews; the seller is paid and sees the review", async () => {
    const productId = await sellerWith("deal_seller", "Dota 2 account with the Arcana set");
    await buyerWithBalance("deal_buyer");

    // The seller watches in Russian on a phone.
    const seller = await openPage(journey.browser, journey.server.baseUrl, viewports.phone);
    await seller.context.addInitScript(() => localStorage.setItem("user-language", "ru"));
    await signIn(seller.page, "deal_seller", { password: "Пароль", submit: "Войти" });
    await seller.page.goto("/profile/deal_seller");
    await seller.page.getByText(money("0,00 ₽")).waitFor();

    // The buyer, in English on a desktop, pays from the product page.
    const buyer = await openPage(journey.browser, journey.server.baseUrl, viewports.desktop);
    await buyer.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: journey.server.baseUrl });
    await signIn(buyer.page, "deal_buyer");
    await buyer.page.goto(`/product/${productId}`);
    await buyer.page.getByRole("button", { name: "Buy", exact: true }).click();
    const dialog = buyer.page.getByRole("dialog", { name: "Buy this product?" });
    await dialog.getByText(money("2 000,00 ₽")).waitFor();
    await dialog.getByRole("button", { name: money("Pay 1 500 ₽") }).click();

    // Into the deal's chat, where the card holds the goods.
    await expect.poll(() => new URL(buyer.page.url()).pathname, { timeout: 15_000 }).toBe("/chats");
    const conversation = buyer.page.getByRole("region", { name: "Chat with deal_seller" });
    await conversation.waitFor();
    const card = conversation.getByRole("log", { name: "Messages" });
    await card.getByText(goods).waitFor();
    await card.getByText(/Auto-confirms in 2 d 23 h|Auto-confirms in 3 d/).waitFor();
    await card.getByRole("button", { name: "Copy product data" }).click();
    await card.getByRole("button", { name: "Copied" }).waitFor();
    expect(await buyer.page.evaluate(() => navigator.clipboard.readText())).toBe(goods);

    // Confirming pays the seller; the card says so, and so does the chat.
    await card.getByRole("button", { name: "Confirm Receipt" }).click();
    await buyer.page
      .getByRole("dialog", { name: "Confirm receipt?" })
      .getByRole("button", { name: "Yes, I received it" })
      .click();
    await card.getByText("Confirm Receipted").waitFor();
    await card.getByText("The buyer confirmed receipt. The money went to the seller.").waitFor();
    expect(await card.getByRole("button", { name: "Confirm Receipt" }).count()).toBe(0);

    // The purchase on the buyer's profile takes one review.
    await buyer.page.goto("/profile/deal_buyer");
    await buyer.page.getByText(money("500,00 ₽")).waitFor();
    await buyer.page.getByRole("tab", { name: "Purchases" }).click();
    const purchase = buyer.page.getByRole("list", { name: "Purchases" }).getByRole("listitem").first();
    await purchase.getByText("Completed").waitFor();
    await purchase.getByRole("button", { name: "Leave a review" }).click();
    const review = buyer.page.getByRole("dialog", { name: "Review: Dota 2 account with the Arcana set" });
    const fifthStar = review.getByRole("radio", { name: "5" });
    await review.locator(`label[for="${await fifthStar.getAttribute("id")}"]`).click();
    await review.getByRole("textbox", { name: "Your review" }).fill("Everything as described, handed over in minutes.");
    await review.getByRole("button", { name: "Publish review" }).click();
    await purchase.getByText("You reviewed this purchase").waitFor();

    // The seller, on reload: paid in full (no commission by default), rated 5, the review on the profile.
    await seller.page.reload();
    await seller.page.getByText(money("1 500,00 ₽")).waitFor();
    await seller.page.getByText("★ 5,0", { exact: true }).waitFor();
    await seller.page.getByRole("tab", { name: "Отзывы" }).click();
    await seller.page.getByText("Everything as described, handed over in minutes.").waitFor();
    await seller.page.getByRole("tab", { name: "Продажи" }).click();
    await seller.page.getByRole("list", { name: "Продажи" }).getByText("Завершена").waitFor();

    const completed = await journey.adminApi.call("GET", "/admin/deals?status=completed");
    expect(((await completed.json()) as { total: number }).total).toBe(1);
    expect(buyer.pageErrors).toEqual([]);
    expect(seller.pageErrors).toEqual([]);
    await buyer.context.close();
    await seller.context.close();
  });
});
