import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { testImages } from "@lootlane/server/test/test-images";
import { openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { signInAdminOnPage } from "./support/admin-sign-in.js";
import { listedProduct, signInOnPage, signUpUser, useJourney } from "./support/journey.js";

const password = "Evidence!1pass";
const caption = "Here is the screenshot of the login error";

/** What each run reads, in its language and at its width. */
const languages = {
  en: {
    viewport: viewports.desktop,
    signIn: undefined,
    chatList: "Chat list",
    back: undefined,
    report: "Report",
    dispute: "Report a problem",
    reason: "Reason",
    notReceived: "I did not receive the goods",
    whatHappened: "What happened",
    openDispute: "Open dispute",
    message: "Message",
    image: `Image 1 of 1: ${caption}`,
    openImage: `Open full size: Image 1 of 1: ${caption}`,
    imageDialog: "Image",
    fromAdmin: "Lootlane admin",
    deals: "Deals",
    joinChat: "Write in the chat",
    refund: "Refund buyer",
    refundDialog: "Refund the buyer?",
    confirmRefund: "Refund",
    refunded: "The dispute was resolved for the buyer: the money went back to the buyer.",
  },
  ru: {
    viewport: viewports.phone,
    signIn: { password: "Пароль", submit: "Войти" },
    chatList: "Список чатов",
    back: "Назад к списку чатов",
    report: "Пожаловаться",
    dispute: "Сообщить о проблеме",
    reason: "Причина",
    notReceived: "Я не получил(а) товар",
    whatHappened: "Что случилось",
    openDispute: "Открыть спор",
    message: "Сообщение",
    image: `Изображение 1 из 1: ${caption}`,
    openImage: `Открыть в полном размере: Изображение 1 из 1: ${caption}`,
    imageDialog: "Изображение",
    fromAdmin: "Администратор Lootlane",
    deals: "Сделки",
    joinChat: "Написать в чат",
    refund: "Вернуть покупателю",
    refundDialog: "Вернуть деньги покупателю?",
    confirmRefund: "Вернуть",
    refunded: "Спор решён в пользу покупателя: деньги вернулись покупателю.",
  },
} as const;

describe.skipIf(skipReason)("dispute with evidence journey", () => {
  const journey = useJourney();

  for (const language of ["en", "ru"] as const) {
    const words = languages[language];

    it(`the buyer sends a screenshot, the admin asks in the chat and refunds (${language}, ${words.viewport.width} px)`, async () => {
      const sellerName = `ev_seller_${language}`;
      const buyerName = `ev_buyer_${language}`;
      const title = `Evidence account ${language.toUpperCase()}, level 90`;
      const seller = await signUpUser(journey, sellerName, password);
      const productId = await listedProduct(journey, seller, {
        title,
        description: "A level 90 account with every raid mount unlocked.",
        productData: "login: evidence / password: Raid!2026",
        price: 800,
      });
      const buyerApi = await signUpUser(journey, buyerName, password);
      const { user_id } = (await (await buyerApi.call("GET", "/auth/get-my-user-id")).json()) as { user_id: string };
      const topUp = { user_id, amount: 800, memo: "journey top-up" };
      expect((await journey.adminApi.call("POST", "/admin/balance-adjustment", topUp)).status).toBe(200);
      const bought = await buyerApi.call("POST", "/products/buy", { product_id: productId });
      expect(bought.status, await bought.clone().text()).toBe(200);

      const inLanguage = async (context: BrowserContext) => {
        if (language === "ru") await context.addInitScript(() => localStorage.setItem("user-language", "ru"));
      };

      // The buyer opens the purchase's chat and reports the deal.
      const buyer = await openPage(journey.browser, journey.server.baseUrl, words.viewport);
      await inLanguage(buyer.context);
      await signInOnPage(buyer.page, { email: `${buyerName}@example.com`, password }, words.signIn);
      await buyer.page.goto("/chats");
      await buyer.page
        .getByRole("navigation", { name: words.chatList })
        .getByRole("button", { name: new RegExp(sellerName) })
        .click();
      await buyer.page.getByRole("button", { name: words.report }).click();
      const report = buyer.page.getByRole("dialog", { name: words.dispute });
      await report.getByRole("combobox", { name: words.reason }).click();
      await buyer.page.getByRole("option", { name: words.notReceived }).click();
      await report.getByRole("textbox", { name: words.whatHappened }).fill("The login says the password is wrong.");
      await report.getByRole("button", { name: words.openDispute }).click();
      await report.waitFor({ state: "hidden" });

      // A screenshot, made here, sent with the typed text as its caption.
      await buyer.page.getByRole("textbox", { name: words.message }).fill(caption);
      await buyer.page.locator('input[type="file"]').setInputFiles({
        name: "login-error.png",
        mimeType: "image/png",
        buffer: await testImages.png(800, 600),
      });
      await buyer.page.getByRole("img", { name: words.image }).waitFor();

      // The admin finds the dispute, opens its chat and sees the screenshot full size.
      const admin = await openPage(journey.browser, journey.server.baseUrl, words.viewport);
      await inLanguage(admin.context);
      await signInAdminOnPage(admin.page, journey.server.baseUrl, words.signIn);
      await admin.page.goto("/admin/deals");
      const card = admin.page.getByRole("list", { name: words.deals }).getByRole("listitem").filter({ hasText: title });
      await card.getByRole("link", { name: words.joinChat }).click();
      await admin.page.getByRole("img", { name: words.image }).waitFor();
      await admin.page.getByRole("button", { name: words.openImage }).click();
      const zoom = admin.page.getByRole("dialog", { name: words.imageDialog });
      const full = zoom.getByRole("img", { name: words.image });
      await full.waitFor();
      expect(await full.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800);
      await admin.page.keyboard.press("Escape");
      await zoom.waitFor({ state: "hidden" });

      // The admin asks; the buyer sees it live, marked as the admin's, and answers; the admin sees the answer live.
      const question = language === "en" ? "Which login did you try?" : "Какой логин вы вводили?";
      await admin.page.getByRole("textbox", { name: words.message }).fill(question);
      await admin.page.keyboard.press("Enter");
      const asked = buyer.page.locator("[data-admin]").filter({ hasText: question });
      await asked.waitFor();
      await asked.getByText(words.fromAdmin).waitFor();
      const answer = language === "en" ? "The one from the product card." : "Тот, что в карточке товара.";
      await buyer.page.getByRole("textbox", { name: words.message }).fill(answer);
      await buyer.page.keyboard.press("Enter");
      await admin.page.getByText(answer, { exact: true }).waitFor();

      // The admin refunds; the buyer's chat says so live and the money is back.
      await admin.page.goto("/admin/deals");
      await card.getByRole("button", { name: words.refund }).click();
      await admin.page
        .getByRole("dialog", { name: words.refundDialog })
        .getByRole("button", { name: words.confirmRefund, exact: true })
        .click();
      await buyer.page.getByText(words.refunded).waitFor();
      const me = (await (await buyerApi.call("POST", "/auth/")).json()) as { balance: number };
      expect(me.balance).toBe(800);

      expect(buyer.pageErrors).toEqual([]);
      expect(admin.pageErrors).toEqual([]);
      await buyer.context.close();
      await admin.context.close();
    });
  }
});
