import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpThroughApi } from "./support/api-session.js";
import { openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { sellerWithProduct, signInOnPage, useJourney } from "./support/journey.js";

const password = "Notifying!1pass";
const title = "Genshin Impact account with five-star characters";
/** ru-RU numbers separate groups and the currency with no-break spaces. */
const money = (text: string) => new RegExp(text.replace(/ /g, "\\s"));
/** Where the integrator collects the screenshots of the bell and its list. */
const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

describe.skipIf(skipReason)("notifications journey", () => {
  const journey = useJourney();

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

  /** The seller's bell in the header, by the count its name says in Russian (none: no count at all). */
  const bell = (page: Page, unread?: string) =>
    page
      .getByRole("banner")
      .getByRole("button", { name: unread ? new RegExp(`^Уведомления\\s?, ${unread}$`) : /^Уведомления$/ });

  async function screenshot(page: Page, name: string): Promise<void> {
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/${name}.png` });
  }

  it("the seller, signed in elsewhere in Russian, sees the bell rise when the buyer buys and writes, opens the sale, and gets the sale e-mail, whose link stops them", async () => {
    const productId = await sellerWithProduct(
      journey,
      { username: "bell_seller", password },
      {
        title,
        description: "Adventure rank 60, five five-star characters, the original e-mail comes with it.",
        productData: "login: genshin-bell / password: Secret!2026",
        price: 1500,
      },
    );
    await buyerWithBalance("bell_buyer");

    // The seller waits on the home page of a desktop, in Russian: signing in tells the server so too.
    const seller = await openPage(journey.browser, journey.server.baseUrl, viewports.desktop);
    await seller.context.addInitScript(() => localStorage.setItem("user-language", "ru"));
    await signInOnPage(
      seller.page,
      { email: "bell_seller@example.com", password },
      { password: "Пароль", submit: "Войти" },
    );
    // The admin's approval of the listing is already waiting.
    await bell(seller.page, "1 непрочитанное").waitFor({ timeout: 15_000 });

    // The buyer, in English in another browser, buys and writes in the deal's chat.
    const buyer = await openPage(journey.browser, journey.server.baseUrl, viewports.desktop);
    await signInOnPage(buyer.page, { email: "bell_buyer@example.com", password });
    await buyer.page.goto(`/product/${productId}`);
    await buyer.page.getByRole("button", { name: "Buy", exact: true }).click();
    await buyer.page
      .getByRole("dialog", { name: "Buy this product?" })
      .getByRole("button", { name: money("Pay 1 500 ₽") })
      .click();
    await expect.poll(() => new URL(buyer.page.url()).pathname, { timeout: 15_000 }).toBe("/chats");
    await bell(seller.page, "2 непрочитанных").waitFor({ timeout: 15_000 });

    const box = buyer.page.getByRole("textbox", { name: "Message" });
    await box.fill("Got it, thanks! Which server is the account on?");
    await box.press("Enter");
    await bell(seller.page, "3 непрочитанных").waitFor({ timeout: 15_000 });

    // The list, newest first: the message, the sale, the approval.
    await bell(seller.page, "3 непрочитанных").click();
    const list = seller.page.getByRole("dialog").getByRole("list", { name: "Уведомления" });
    const items = list.getByRole("link");
    await items.nth(2).waitFor();
    await expect.poll(() => items.count()).toBe(3);
    await items.first().getByText("1 новое сообщение от bell_buyer").waitFor();
    await items.first().getByText(`«${title}»: Got it, thanks! Which server is the account on?`).waitFor();
    await items.nth(1).getByText(`Продажа: «${title}»`).waitFor();
    await items
      .nth(1)
      .getByText(/bell_buyer купил 1 шт\. за 1\s500,00\s₽\./)
      .waitFor();
    await items.nth(2).getByText(`Товар одобрен: «${title}»`).waitFor();
    await screenshot(seller.page, "bell-list-1280-ru");

    // Opening the sale reads it and leads to the deal's chat.
    await items.nth(1).click();
    await expect.poll(() => new URL(seller.page.url()).pathname).toBe("/chats");
    await seller.page.getByRole("region", { name: "Чат с bell_buyer" }).waitFor();
    // The chat is open: its message is read too, and only the approval is left.
    await bell(seller.page, "1 непрочитанное").waitFor({ timeout: 15_000 });

    // The sale e-mail, in the seller's language.
    await expect
      .poll(() => journey.mail.mailsTo("bell_seller@example.com").map((mail) => mail.subject), { timeout: 30_000 })
      .toContain(`Продажа: «${title}»`);
    const sale = journey.mail.mailsTo("bell_seller@example.com").find((mail) => mail.subject.startsWith("Продажа"))!;
    expect(sale.raw).toContain(title);

    // Its unsubscribe link (the same token as its List-Unsubscribe address) asks, then stops the sale e-mails.
    const unsubscribeAddress = /^<([^>]+)>$/.exec(sale.headers["list-unsubscribe"] ?? "")?.[1];
    const token = new URL(unsubscribeAddress!).searchParams.get("token")!;
    await seller.page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await seller.page.getByText("Больше не присылать на этот адрес письма о событии «Продажи»?").waitFor();
    await seller.page.getByRole("button", { name: "Отключить эти письма" }).click();
    await seller.page.getByText("Готово: писем о событии «Продажи» больше не будет.").waitFor();
    await seller.page.getByRole("link", { name: "Настройки уведомлений" }).click();
    const emailSwitch = seller.page.getByRole("switch", { name: "Продажи: Почта" });
    await emailSwitch.waitFor();
    expect(await emailSwitch.isChecked()).toBe(false);
    expect(await seller.page.getByRole("switch", { name: "Продажи: На сайте" }).isChecked()).toBe(true);

    // On a phone the bell is a tab of the bottom bar, leading to the page.
    await seller.page.setViewportSize(viewports.phone);
    await seller.page.goto("/notifications");
    await seller.page.getByRole("heading", { level: 1, name: "Уведомления" }).waitFor();
    await seller.page.getByRole("list", { name: "Уведомления" }).getByText(`Продажа: «${title}»`).waitFor();
    await screenshot(seller.page, "notifications-page-375-ru");

    expect(seller.pageErrors).toEqual([]);
    expect(buyer.pageErrors).toEqual([]);
    await buyer.context.close();
    await seller.context.close();
  });
});
