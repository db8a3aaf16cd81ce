import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { testImages } from "@lootlane/server/test/test-images";
import { type ApiSession, signInThroughApi, signUpThroughApi } from "./support/api-session.js";
import { openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { signInAdminOnPage } from "./support/admin-sign-in.js";
import { productForm, useJourney } from "./support/journey.js";

const password = "Admining!1pass";
/** ru-RU numbers separate groups and the currency with no-break spaces. */
const money = (text: string) => new RegExp(text.replace(/ /g, "\\s"));

type CurrentUser = { id: string; balance: number };

describe.skipIf(skipReason)("admin journey", () => {
  const journey = useJourney();

  async function signUp(username: string): Promise<ApiSession> {
    return signUpThroughApi(journey.server.baseUrl, journey.mail, {
      email: `${username}@example.com`,
      username,
      password,
    });
  }

  async function currentUser(api: ApiSession): Promise<CurrentUser> {
    const response = await api.call("POST", "/auth/");
    expect(response.status).toBe(200);
    return (await response.json()) as CurrentUser;
  }

  /** A product in moderation, listed through the API: the journey is about what the admin does with it. */
  async function listProduct(seller: ApiSession, title: string, price = 900): Promise<string> {
    const categories = (await (await seller.call("GET", "/categories/all")).json()) as { id: string }[];
    const form = await productForm({
      title,
      description: "A level 80 account with every expansion and a rare mount.",
      productData: "login: admin-journey / password: Mount!2026",
      price,
      categoryId: categories[0]!.id,
    });
    const created = await seller.call("POST", "/products/", form);
    expect(created.status, await created.clone().text()).toBe(200);
    return ((await created.json()) as { id: string }).id;
  }

  /** A deal in dispute: the buyer paid from a balance the admin topped up, then reported the goods. */
  async function disputedDeal(seller: ApiSession, buyer: ApiSession, title: string): Promise<void> {
    const productId = await listProduct(seller, title, 700);
    expect((await journey.adminApi.call("POST", "/admin/products/approve", { product_id: productId })).status).toBe(
      200,
    );
    const { id: buyerId } = await currentUser(buyer);
    expect(
      (await journey.adminApi.call("POST", "/admin/balance-adjustment", { user_id: buyerId, amount: 1000 })).status,
    ).toBe(200);
    const bought = await buyer.call("POST", "/products/buy", { product_id: productId });
    expect(bought.status, await bought.clone().text()).toBe(200);
    const { deal } = (await bought.json()) as { deal: { id: string } };
    const reported = await buyer.call("POST", `/deals/${deal.id}/dispute`, {
      reason: "not_received",
      text: "The login does not work at all.",
    });
    expect(reported.status, await reported.clone().text()).toBe(200);
  }

  async function signIn(page: Page, email: string, secret: string) {
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(secret);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  }

  it("moderates, adds a game and a subcategory, edits a balance, bans and unbans, and refunds a dispute", async () => {
    const seller = await signUp("admin_seller");
    const buyer = await signUp("admin_buyer");
    const victim = await signUp("admin_victim");
    const toApprove = "World of Warcraft account with the Ashes mount";
    const toReject = "Suspicious account with stolen items inside";
    await listProduct(seller, toApprove);
    await listProduct(seller, toReject);
    await disputedDeal(seller, buyer, "Genshin account, AR 60, five-star team");
    expect((await currentUser(buyer)).balance).toBe(300);

    const admin = await openPage(journey.browser, journey.server.baseUrl, viewports.desktop);
    await signInAdminOnPage(admin.page, journey.server.baseUrl);
    // SPEC: an admin lands on the dashboard after signing in.
    await expect.poll(() => new URL(admin.page.url()).pathname).toBe("/admin");
    await admin.page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();

    // Moderation: approve one, reject the other.
    await admin.page.getByRole("link", { name: "Products", exact: true }).click();
    const products = admin.page.getByRole("list", { name: "Products" });
    await products.getByRole("button", { name: `Approve ${toApprove}` }).click();
    await products.getByRole("listitem", { name: toApprove }).getByText("Approved by a moderator").waitFor();
    await products.getByRole("button", { name: `Reject ${toReject}` }).click();
    const rejection = admin.page.getByRole("dialog", { name: `Reject “${toReject}”` });
    await rejection.getByLabel("Reason").fill("The items in the pictures are reported stolen.");
    await rejection.getByRole("button", { name: "Reject" }).click();
    await products.getByRole("listitem", { name: toReject }).getByText("Rejected by a moderator").waitFor();
    const found = (await (
      await fetch(`${journey.server.baseUrl}/v1/products/search?q=${encodeURIComponent("Ashes mount")}`)
    ).json()) as { products: { title: string }[] };
    expect(found.products.map(({ title }) => title)).toEqual([toApprove]);

    // Categories: a new game with its picture, then a subcategory of it.
    await admin.page.getByRole("link", { name: "Categories", exact: true }).click();
    await admin.page.getByRole("button", { name: "Add Category" }).click();
    const gameDialog = admin.page.getByRole("dialog", { name: "Add Category" });
    await gameDialog.getByRole("textbox", { name: "Name", exact: true }).fill("Path of Exile");
    await gameDialog
      .getByRole("textbox", { name: "Description", exact: true })
      .fill("Action RPG: currency, builds and accounts.");
    await gameDialog
      .getByLabel("Choose an image")
      .setInputFiles({ name: "poe.png", mimeType: "image/png", buffer: await testImages.png(256, 256) });
    await gameDialog.getByRole("button", { name: "Create" }).click();
    await gameDialog.waitFor({ state: "hidden" });
    await admin.page
      .getByRole("list", { name: "Games" })
      .getByRole("button", { name: /^Path of Exile/ })
      .click();
    await admin.page.getByRole("button", { name: "Add Subcategory" }).click();
    const subDialog = admin.page.getByRole("dialog", { name: "Add Subcategory to Path of Exile" });
    await subDialog.getByRole("textbox", { name: "Name", exact: true }).fill("Currency");
    await subDialog.getByLabel("Name in Russian").fill("Валюта");
    await subDialog
      .getByLabel("Choose an image")
      .setInputFiles({ name: "orb.png", mimeType: "image/png", buffer: await testImages.png(128, 128) });
    await subDialog.getByRole("button", { name: "Create" }).click();
    await subDialog.waitFor({ state: "hidden" });
    await admin.page.getByText("Currency", { exact: true }).waitFor();
    await admin.page.getByText("Валюта", { exact: true }).waitFor();

    // Users: find the victim, set their balance, see it saved and return to the list.
    await admin.page.getByRole("link", { name: "Users", exact: true }).click();
    await admin.page.getByRole("searchbox", { name: "Search users" }).fill("VICTIM");
    const users = admin.page.getByRole("list", { name: "Users" });
    const victimRow = users.getByRole("listitem", { name: "admin_victim" });
    await victimRow.waitFor();
    await victimRow.getByRole("button", { name: "More actions for admin_victim" }).click();
    await admin.page.getByRole("menuitem", { name: "Edit" }).click();
    await admin.page.getByRole("heading", { level: 1, name: "Edit user" }).waitFor();
    const balance = admin.page.getByLabel("Balance", { exact: true });
    await balance.fill("250.50");
    await admin.page.getByRole("button", { name: "Save" }).click();
    await admin.page.getByText("Saved sucessfully").waitFor();
    // SPEC: back to the list 1.5 s after the save.
    await expect.poll(() => new URL(admin.page.url()).pathname, { timeout: 5000 }).toBe("/admin/users");
    expect((await currentUser(victim)).balance).toBe(250.5);

    // Ban: the victim's session ends at once; unban lets them sign in again.
    await admin.page.getByRole("searchbox", { name: "Search users" }).fill("admin_victim");
    await victimRow.getByRole("button", { name: "Ban admin_victim" }).click();
    await admin.page.getByRole("dialog", { name: "Ban admin_victim?" }).getByRole("button", { name: "Ban" }).click();
    await victimRow.getByText("Banned", { exact: true }).waitFor();
    expect((await victim.call("POST", "/auth/")).status).not.toBe(200);
    await victimRow.getByRole("button", { name: "Unban admin_victim" }).click();
    await admin.page
      .getByRole("dialog", { name: "Unban admin_victim?" })
      .getByRole("button", { name: "Unban" })
      .click();
    await victimRow.getByText("Active", { exact: true }).waitFor();
    const again = await signInThroughApi(journey.server.baseUrl, "admin_victim@example.com", password);
    expect((await currentUser(again)).balance).toBe(250.5);

    // The dispute: first on the deals page; a refund gives the buyer their money back.
    await admin.page.getByRole("link", { name: "Deals", exact: true }).click();
    const deals = admin.page.getByRole("list", { name: "Deals" });
    const disputed = deals.getByRole("listitem").first();
    await disputed.getByText("The login does not work at all.").waitFor();
    await disputed.getByRole("button", { name: "Refund buyer" }).click();
    await admin.page
      .getByRole("dialog", { name: "Refund the buyer?" })
      .getByRole("button", { name: "Refund", exact: true })
      .click();
    await disputed.getByText("Refunded to the buyer").waitFor();
    expect((await currentUser(buyer)).balance).toBe(1000);
    // The buyer's balance on the users screen: the 700 roubles are back.
    await admin.page.getByRole("link", { name: "Users", exact: true }).click();
    await admin.page.getByRole("searchbox", { name: "Search users" }).fill("admin_buyer");
    await users.getByRole("listitem", { name: "admin_buyer" }).getByText(money("1 000,00 ₽")).waitFor();

    expect(admin.pageErrors).toEqual([]);
    await admin.context.close();
  });

  it("sends a signed-in non-admin who opens /admin/users to /not-access", async () => {
    await signUp("admin_curious");
    const visitor = await openPage(journey.browser, journey.server.baseUrl, viewports.phone);
    await signIn(visitor.page, "admin_curious@example.com", password);
    await visitor.page.getByRole("heading", { level: 1, name: "Lootlane" }).waitFor();
    await visitor.page.goto("/admin/users");
    await expect.poll(() => new URL(visitor.page.url()).pathname).toBe("/not-access");
    expect(visitor.pageErrors).toEqual([]);
    await visitor.context.close();
  });
});
