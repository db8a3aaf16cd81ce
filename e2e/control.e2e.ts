import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ApiSession } from "./support/api-session.js";
import { openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { signInAdminOnPage } from "./support/admin-sign-in.js";
import { approveThroughApi, listProductThroughApi, signInOnPage, signUpUser, useJourney } from "./support/journey.js";

/*
 * Issue 19, sellers and admins in control: a seller pauses a listing and it leaves the home page, then resumes it;
 * moderation rejects with a reason the seller reads; a buyer reports a listing and its seller, and an admin works
 * through the reports. Each runs in English on a desktop and in Russian on a phone.
 */

const password = "Control!1pass";
const russian = { password: "Пароль", submit: "Войти" };

describe.skipIf(skipReason)("control journey", () => {
  const journey = useJourney();

  const signUp = (username: string) => signUpUser(journey, username, password);

  /** A listing made through the API, left in moderation unless `approve`. */
  async function listProduct(seller: ApiSession, title: string, approve: boolean): Promise<string> {
    const id = await listProductThroughApi(seller, {
      title,
      description: "A global key that activates on Steam in any region.",
      productData: "CTRL-KEY-0001",
      price: 800,
    });
    if (approve) await approveThroughApi(journey, id);
    return id;
  }

  /** A person in a browser of their own, in Russian when asked, signed in. */
  async function personAt(viewport: keyof typeof viewports, email: string, secret: string, inRussian = false) {
    const person = await openPage(journey.browser, journey.server.baseUrl, viewports[viewport]);
    if (inRussian) await person.context.addInitScript(() => localStorage.setItem("user-language", "ru"));
    await signInOnPage(person.page, { email, password: secret }, inRussian ? russian : undefined);
    return person;
  }

  async function adminAt(viewport: keyof typeof viewports, inRussian = false) {
    const admin = await openPage(journey.browser, journey.server.baseUrl, viewports[viewport]);
    if (inRussian) await admin.context.addInitScript(() => localStorage.setItem("user-language", "ru"));
    await signInAdminOnPage(admin.page, journey.server.baseUrl, inRussian ? russian : undefined);
    return admin;
  }

  /** Whether the home page, freshly loaded, lists a product of this title. */
  async function homeLists(page: Page, title: string): Promise<boolean> {
    await page.goto("/");
    // The demo catalogue is on sale: the grid's items hold cards (links to products) once the listing has loaded,
    // not before; the game tiles above it link to game pages.
    const cards = page.getByRole("main").getByRole("listitem").locator('a[href^="/product/"]');
    await cards.first().waitFor();
    return (await cards.filter({ hasText: title }).count()) > 0;
  }

  it("pauses a listing: it leaves the home page at once and comes back when resumed", async () => {
    const title = "Steam key for Celeste";
    const productId = await listProduct(await signUp("ctl_seller"), title, true);

    const visitor = await openPage(journey.browser, journey.server.baseUrl, viewports.phone);
    await visitor.context.addInitScript(() => localStorage.setItem("user-language", "ru"));
    expect(await homeLists(visitor.page, title)).toBe(true);

    // The seller, in English on a desktop, pauses it on its page.
    const seller = await personAt("desktop", "ctl_seller@example.com", password);
    await seller.page.goto(`/product/${productId}`);
    await seller.page.getByRole("button", { name: `Pause ${title}` }).click();
    await seller.page.getByText("Paused: buyers do not see it. Resume it to put it back on sale.").waitFor();
    await seller.page.getByText("PAUSED", { exact: true }).waitFor();

    // A visitor in Russian on a phone no longer finds it, nor its page.
    expect(await homeLists(visitor.page, title)).toBe(false);
    await visitor.page.goto(`/product/${productId}`);
    await visitor.page.getByRole("heading", { name: "Товар не найден" }).waitFor();

    // The seller resumes it from their own list on the profile.
    await seller.page.goto("/profile/ctl_seller");
    await seller.page.getByRole("button", { name: `Resume ${title}` }).click();
    await seller.page.getByText(`“${title}” is back on sale`).waitFor();
    await seller.page.getByRole("button", { name: `Pause ${title}` }).waitFor();

    expect(await homeLists(visitor.page, title)).toBe(true);
    for (const person of [seller, visitor]) {
      expect(person.pageErrors).toEqual([]);
      await person.context.close();
    }
  });

  it("rejects a listing with a reason that its seller reads on the product and the edit page", async () => {
    const title = "Account with a stolen skin collection";
    const reason = "The screenshots show another account; upload your own.";
    const productId = await listProduct(await signUp("ctl_rejected"), title, false);

    // The admin, in Russian on a phone, rejects it and writes why.
    const admin = await adminAt("phone", true);
    // The moderation queue comes first; the list without a filter keeps the product once it is decided.
    await admin.page.goto("/admin/products");
    await admin.page.getByRole("button", { name: `Отклонить «${title}»` }).click();
    const dialog = admin.page.getByRole("dialog", { name: `Отклонить «${title}»` });
    await dialog.getByLabel("Причина").fill("Нет");
    await dialog.getByRole("button", { name: "Отклонить" }).click();
    await dialog.getByText("Напишите не меньше 5 символов").waitFor();
    await dialog.getByLabel("Причина").fill(reason);
    await dialog.getByRole("button", { name: "Отклонить" }).click();
    await dialog.waitFor({ state: "hidden" });
    await admin.page.getByRole("listitem", { name: title }).getByText("Отклонён модератором").waitFor();

    // The seller, in English on a desktop, reads the reason and fixes the listing.
    const seller = await personAt("desktop", "ctl_rejected@example.com", password);
    await seller.page.goto(`/product/${productId}`);
    await seller.page.getByText(/Rejected by moderation/).waitFor();
    await seller.page.getByText(`Reason: ${reason}`).waitFor();
    await seller.page.getByRole("link", { name: "Edit" }).click();
    await seller.page.getByText(`Reason: ${reason}`).waitFor();

    for (const person of [admin, seller]) {
      expect(person.pageErrors).toEqual([]);
      await person.context.close();
    }
  });

  it("reports a listing and its seller; the admin resolves one and dismisses the other", async () => {
    const title = "Steam key for Hollow Knight";
    const productId = await listProduct(await signUp("ctl_reported"), title, true);
    await signUp("ctl_reporter");

    // The buyer, in Russian on a phone, reports the listing, then its seller.
    const buyer = await personAt("phone", "ctl_reporter@example.com", password, true);
    await buyer.page.goto(`/product/${productId}`);
    await buyer.page.getByRole("button", { name: "Пожаловаться на товар" }).click();
    const listingReport = buyer.page.getByRole("dialog", { name: `Жалоба на «${title}»` });
    await listingReport.getByRole("combobox", { name: /Что не так\?/ }).click();
    await buyer.page.getByRole("option", { name: "Мошенничество или обман" }).click();
    await listingReport.getByLabel("Подробности").fill("Ключ уже активирован");
    await listingReport.getByRole("button", { name: "Отправить жалобу" }).click();
    await buyer.page.getByText("Спасибо: администраторы рассмотрят жалобу.").waitFor();
    await listingReport.waitFor({ state: "hidden" });

    await buyer.page.goto("/profile/ctl_reported");
    await buyer.page.getByRole("button", { name: "Пожаловаться на ctl_reported" }).click();
    const userReport = buyer.page.getByRole("dialog", { name: "Жалоба на ctl_reported" });
    await userReport.getByRole("combobox", { name: /Что не так\?/ }).click();
    await buyer.page.getByRole("option", { name: "Спам" }).click();
    await userReport.getByRole("button", { name: "Отправить жалобу" }).click();
    await userReport.waitFor({ state: "hidden" });

    // The admin, in English on a desktop, opens the queue from the admin menu.
    const admin = await adminAt("desktop");
    await admin.page.getByRole("link", { name: "Reports", exact: true }).click();
    await admin.page.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
    const listingCard = admin.page.getByRole("listitem", { name: `Report of ${title}` });
    await listingCard.getByText("Ключ уже активирован").waitFor();
    await listingCard.getByText("Fraud or a scam").waitFor();
    await listingCard.getByRole("link", { name: "ctl_reporter" }).waitFor();
    await listingCard.getByRole("button", { name: `Resolve the report of ${title}` }).click();
    const resolve = admin.page.getByRole("dialog", { name: "Resolve the report" });
    await resolve.getByLabel("Note").fill("Asked the seller for new keys");
    await resolve.getByRole("button", { name: "Resolve" }).click();
    await resolve.waitFor({ state: "hidden" });
    await listingCard.getByText("Resolved", { exact: true }).waitFor();
    await listingCard.getByText("Asked the seller for new keys").waitFor();

    const userCard = admin.page.getByRole("listitem", { name: "Report of ctl_reported" });
    await userCard.getByRole("button", { name: "Dismiss the report of ctl_reported" }).click();
    const dismiss = admin.page.getByRole("dialog", { name: "Dismiss the report" });
    await dismiss.getByRole("button", { name: "Dismiss" }).click();
    await dismiss.waitFor({ state: "hidden" });
    await userCard.getByText("Dismissed", { exact: true }).waitFor();

    // Nothing is left open.
    await admin.page.getByRole("radiogroup", { name: "Status" }).getByText("Open", { exact: true }).click();
    await admin.page.getByText("No reports with this status").waitFor();

    for (const person of [buyer, admin]) {
      expect(person.pageErrors).toEqual([]);
      await person.context.close();
    }
  });
});
