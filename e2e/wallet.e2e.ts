import { describe, expect, it } from "vitest";
import { signInThroughApi, signUpThroughApi } from "./support/api-session.js";
import { openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { signInAdminOnPage } from "./support/admin-sign-in.js";
import { sellerWithProduct, signInOnPage, useJourney } from "./support/journey.js";

const password = "Wallet!1pass";
/** ru-RU numbers separate groups and the currency with no-break spaces. */
const money = (text: string) => new RegExp(text.replace(/ /g, "\\s").replace(/\+/g, "\\+"));
const russian = { password: "Пароль", submit: "Войти" };

describe.skipIf(skipReason)("wallet journey", () => {
  const journey = useJourney();

  it("a new buyer tops up from the Buy dialog through the test checkout and buys; the seller withdraws, the admin pays it; both statements show every rouble", async () => {
    const productId = await sellerWithProduct(
      journey,
      { username: "wallet_seller", password },
      {
        title: "Steam key for Hades II",
        description: "A global key, activates on Steam in any region.",
        productData: "HADES-2KEY-00001",
        price: 1500,
      },
    );
    await signUpThroughApi(journey.server.baseUrl, journey.mail, {
      email: "wallet_buyer@example.com",
      username: "wallet_buyer",
      password,
    });

    // The buyer, new and with nothing on the balance, in English on a desktop.
    const buyer = await openPage(journey.browser, journey.server.baseUrl, viewports.desktop);
    await signInOnPage(buyer.page, { email: "wallet_buyer@example.com", password });
    await buyer.page.goto(`/product/${productId}`);
    await buyer.page.getByRole("button", { name: "Buy", exact: true }).click();
    const buyDialog = buyer.page.getByRole("dialog", { name: "Buy this product?" });
    await buyDialog.getByRole("button", { name: money("Top up 1 500 ₽") }).click();

    // The test checkout says plainly that it is one, and pays.
    await expect.poll(() => new URL(buyer.page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/pay\/test\//);
    await buyer.page.getByText("TEST MODE", { exact: true }).waitFor();
    await buyer.page.getByRole("button", { name: money("Pay 1 500 ₽") }).click();

    // Back on the product, the top-up is credited and the purchase goes through.
    await expect.poll(() => new URL(buyer.page.url()).pathname, { timeout: 15_000 }).toBe(`/product/${productId}`);
    await buyer.page.getByRole("status").getByText(money("1 500 ₽ added to your balance")).waitFor();
    await buyer.page.getByRole("button", { name: "Buy", exact: true }).click();
    await buyDialog.getByRole("button", { name: money("Pay 1 500 ₽") }).click();
    await expect.poll(() => new URL(buyer.page.url()).pathname, { timeout: 15_000 }).toBe("/chats");
    const bought = (await (await journey.adminApi.call("GET", "/admin/deals?status=purchased")).json()) as {
      deals: Array<{ product: { id: string } }>;
    };
    expect(bought.deals.map((deal) => deal.product.id)).toEqual([productId]);

    // The buyer's statement: the top-up in, the purchase out.
    await buyer.page.goto("/wallet");
    const buyerStatement = buyer.page.getByRole("list", { name: "Statement" });
    await buyerStatement.getByRole("listitem").nth(1).waitFor();
    expect(await buyerStatement.getByRole("listitem").allInnerTexts()).toEqual([
      expect.stringMatching(/^Purchase\s+Steam key for Hades II[\s\S]*−1\s500,00\s₽\s+Balance\s0,00\s₽$/),
      expect.stringMatching(/^Top-up\s+Top-up[\s\S]*\+1\s500,00\s₽\s+Balance\s1\s500,00\s₽$/),
    ]);

    // The buyer confirms receipt (the deal journey clicks through that); the seller is paid.
    const buyerApi = await signInThroughApi(journey.server.baseUrl, "wallet_buyer@example.com", password);
    expect((await buyerApi.call("PATCH", "/products/confirm-receipt", { product_id: productId })).status).toBe(200);

    // The seller, in Russian on a phone, withdraws 1 000 ₽ to a card.
    const seller = await openPage(journey.browser, journey.server.baseUrl, viewports.phone);
    await seller.context.addInitScript(() => localStorage.setItem("user-language", "ru"));
    await signInOnPage(seller.page, { email: "wallet_seller@example.com", password }, russian);
    await seller.page.goto("/wallet");
    await seller.page.getByRole("region", { name: "Доступно" }).getByText(money("1 500,00 ₽")).waitFor();
    await seller.page.getByRole("button", { name: "Вывести", exact: true }).click();
    const withdraw = seller.page.getByRole("dialog", { name: "Вывод денег" });
    await withdraw.getByLabel("Сумма, ₽").fill("1000");
    await withdraw.getByLabel("Номер карты").fill("4111 1111 1111 1112");
    await withdraw.getByRole("button", { name: money("Вывести 1 000 ₽") }).click();
    await withdraw.getByText("В номере карты опечатка").waitFor();
    await withdraw.getByLabel("Номер карты").fill("4111 1111 1111 1111");
    await withdraw.getByRole("button", { name: money("Вывести 1 000 ₽") }).click();
    await withdraw.waitFor({ state: "hidden" });
    const withdrawals = seller.page.getByRole("list", { name: "Выводы" });
    await withdrawals.getByText("•••• 1111").waitFor();
    await withdrawals.getByText("Ожидает").waitFor();
    await seller.page.getByRole("region", { name: "Заморожено" }).getByText(money("1 000,00 ₽")).waitFor();

    // The admin, in Russian on a desktop, pays it by hand and enters the bank's reference.
    const admin = await openPage(journey.browser, journey.server.baseUrl, viewports.desktop);
    await admin.context.addInitScript(() => localStorage.setItem("user-language", "ru"));
    await signInAdminOnPage(admin.page, journey.server.baseUrl, russian);
    await admin.page.goto("/admin/withdrawals");
    const request = admin.page.getByRole("listitem").filter({ hasText: "wallet_seller" });
    await request.getByText("•••• 1111").waitFor();
    await request.getByRole("button", { name: "Одобрить", exact: true }).click();
    const approve = admin.page.getByRole("dialog", { name: "Одобрить вывод?" });
    await approve.getByLabel("Номер платежа").fill("SBER-20261126-0001");
    await approve.getByRole("button", { name: "Отметить выплаченным" }).click();
    await approve.waitFor({ state: "hidden" });

    // The seller sees it paid, live, and the statement holds the sale and the withdrawal.
    await withdrawals.getByText("Выплачено").waitFor();
    const sellerStatement = seller.page.getByRole("list", { name: "Выписка" });
    await expect
      .poll(() => sellerStatement.getByRole("listitem").allInnerTexts(), { timeout: 15_000 })
      .toEqual([
        expect.stringMatching(/^Вывод\s+Вывод[\s\S]*−1\s000,00\s₽\s+Остаток\s500,00\s₽$/),
        expect.stringMatching(/^Продажа\s+Steam key for Hades II[\s\S]*\+1\s500,00\s₽\s+Остаток\s1\s500,00\s₽$/),
      ]);

    for (const person of [buyer, seller, admin]) {
      expect(person.pageErrors).toEqual([]);
      await person.context.close();
    }
  });
});
