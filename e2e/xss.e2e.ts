import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { testImages } from "@lootlane/server/test/test-images";
import { type ApiSession, signUpThroughApi } from "./support/api-session.js";
import { openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { signInAdminOnPage } from "./support/admin-sign-in.js";
import { productForm, useJourney } from "./support/journey.js";

const password = "Scripting!1pass";
/** Markup that runs if a page ever renders it as HTML: a broken image's handler and an inline script. */
const markup = "<img src=x onerror=alert(1)><script>alert(2)</script>";
/** Each field gets its own label, so a failure names the field whose text went missing. */
const payload = (field: string) => `${field} ${markup}`;
const texts = {
  sellerAbout: payload("Seller about"),
  buyerNote: payload("Admin note"),
  category: payload("Cat"),
  categoryAbout: payload("Category about"),
  title: payload("Xssrelic title"),
  disputedTitle: payload("Xssrelic disputed"),
  description: `${payload("Description")} javascript:alert(3)`,
  goods: payload("Goods login"),
  message: `${payload("Message")} javascript:alert(4)`,
  dispute: payload("Dispute"),
  review: payload("Review"),
  reply: payload("Reply"),
};

type Visit = { context: BrowserContext; page: Page; pageErrors: string[]; dialogs: string[] };

describe.skipIf(skipReason)("stored XSS journey", () => {
  const journey = useJourney();

  async function signUp(username: string): Promise<{ api: ApiSession; id: string }> {
    const api = await signUpThroughApi(journey.server.baseUrl, journey.mail, {
      email: `${username}@example.com`,
      username,
      password,
    });
    const { user_id } = (await (await api.call("GET", "/auth/get-my-user-id")).json()) as { user_id: string };
    return { api, id: user_id };
  }

  async function ok(response: Promise<Response>): Promise<Response> {
    const answered = await response;
    expect(answered.status, await answered.clone().text()).toBe(200);
    return answered;
  }

  /** A game made by the admin whose name and description carry the payload. */
  async function category(): Promise<string> {
    const form = new FormData();
    form.append("name", texts.category);
    form.append("description", texts.categoryAbout);
    form.append(
      "uploaded_image",
      new Blob([new Uint8Array(await testImages.png())], { type: "image/png" }),
      "game.png",
    );
    return ((await (await ok(journey.adminApi.call("POST", "/admin/category", form))).json()) as { id: string }).id;
  }

  /** An approved product whose every written field carries the payload. */
  async function product(seller: ApiSession, categoryId: string, title: string): Promise<string> {
    const form = await productForm({
      title,
      description: texts.description,
      productData: texts.goods,
      price: 1000,
      categoryId,
    });
    const { id } = (await (await ok(seller.call("POST", "/products/", form))).json()) as { id: string };
    await ok(journey.adminApi.call("POST", "/admin/products/approve", { product_id: id }));
    return id;
  }

  async function visit(signedInAs?: { email: string; password: string } | "admin"): Promise<Visit> {
    const opened = await openPage(journey.browser, journey.server.baseUrl, viewports.desktop);
    const dialogs: string[] = [];
    opened.page.on("dialog", (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    if (signedInAs === "admin") await signInAdminOnPage(opened.page, journey.server.baseUrl);
    else if (signedInAs) {
      await opened.page.goto("/signin");
      await opened.page.getByLabel("E-mail").fill(signedInAs.email);
      await opened.page.getByLabel("Password", { exact: true }).fill(signedInAs.password);
      await opened.page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect.poll(() => new URL(opened.page.url()).pathname).not.toBe("/signin");
    }
    return { ...opened, dialogs };
  }

  const user = (username: string) => ({ email: `${username}@example.com`, password });

  /** Every text is on the page as text, and nothing of the markup became an element, a handler or a dialog. */
  async function expectShownAsText(view: Visit, where: string, shown: string[]): Promise<void> {
    for (const text of shown) await view.page.getByText(text, { exact: false }).first().waitFor({ timeout: 10_000 });
    // Give a broken image's handler the time to fire, were there one.
    await view.page.waitForTimeout(300);
    const injected = await view.page.evaluate(() => ({
      images: document.querySelectorAll('img[src="x"]').length,
      handlers: document.querySelectorAll("[onerror]").length,
      // A product page's JSON-LD is a data block the browser never runs; its text is checked as data below.
      scripts: Array.from(document.scripts).filter(
        (script) => script.type !== "application/ld+json" && script.textContent?.includes("alert("),
      ).length,
      links: document.querySelectorAll('a[href^="javascript:" i]').length,
    }));
    expect(injected, where).toEqual({ images: 0, handlers: 0, scripts: 0, links: 0 });
    expect(view.dialogs, where).toEqual([]);
    expect(view.pageErrors, where).toEqual([]);
  }

  it("stores markup in every written field and every page shows it as text, with no dialog", async () => {
    // A username with markup is refused before any code is sent.
    const refused = await fetch(`${journey.server.baseUrl}/v1/auth/send-verification-code`, {
      method: "POST",
      headers: { origin: journey.server.baseUrl, "content-type": "application/json" },
      body: JSON.stringify({ email: "xss_name@example.com", username: markup }),
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toMatch(/VALIDATION_ERROR[\s\S]*username/);

    const seller = await signUp("xss_seller");
    const buyer = await signUp("xss_buyer");
    await ok(seller.api.call("POST", "/users/description", { description: texts.sellerAbout }));
    // Admin fields: a note and a balance are taken, a javascript: avatar address (not our own media) is not.
    await ok(
      journey.adminApi.call("PATCH", `/admin/user/${buyer.id}`, { description: texts.buyerNote, balance: 3000 }),
    );
    const badAvatar = await journey.adminApi.call("PATCH", `/admin/user/${buyer.id}`, {
      avatar_url: "javascript:alert(5)",
    });
    expect(badAvatar.status).not.toBe(200);
    expect(await badAvatar.text()).toMatch(/VALIDATION_ERROR[\s\S]*avatar_url/);

    const categoryId = await category();
    const productId = await product(seller.api, categoryId, texts.title);
    const disputedId = await product(seller.api, categoryId, texts.disputedTitle);

    // A guest: the home card, the search results and the product page.
    const guest = await visit();
    await guest.page.goto("/");
    await expectShownAsText(guest, "home", [texts.title, texts.disputedTitle]);
    await guest.page.goto("/?q=Xssrelic");
    await expect.poll(() => guest.page.getByRole("searchbox").first().inputValue()).toBe("Xssrelic");
    await expectShownAsText(guest, "search", [texts.title, texts.disputedTitle]);
    await guest.page.goto(`/product/${productId}`);
    await expectShownAsText(guest, "product page", [texts.title, texts.description, texts.category]);
    // The server-rendered head names the product in JSON-LD: the markup stays a string inside the one data block.
    const structured = guest.page.locator('script[type="application/ld+json"]');
    expect(await structured.count()).toBe(1);
    expect(JSON.parse((await structured.textContent()) ?? "")).toMatchObject({
      "@type": "Product",
      name: texts.title,
      description: texts.description,
    });
    await guest.context.close();

    // One deal goes to a dispute; the other is bought, talked about, confirmed, reviewed and answered.
    const disputed = (await (await ok(buyer.api.call("POST", "/products/buy", { product_id: disputedId }))).json()) as {
      deal: { id: string };
    };
    await ok(buyer.api.call("POST", `/deals/${disputed.deal.id}/dispute`, { reason: "other", text: texts.dispute }));
    const bought = (await (await ok(buyer.api.call("POST", "/products/buy", { product_id: productId }))).json()) as {
      deal: { id: string };
      chat_id: string;
    };

    // The message goes through the browser, as only the socket takes messages.
    const buyerView = await visit(user("xss_buyer"));
    await buyerView.context.addInitScript((chatId) => localStorage.setItem("selected-chat-id", chatId), bought.chat_id);
    await buyerView.page.goto("/chats");
    const conversation = buyerView.page.getByRole("region", { name: "Chat with xss_seller" });
    await conversation.waitFor();
    const box = buyerView.page.getByRole("textbox", { name: "Message" });
    await box.fill(texts.message);
    await box.press("Enter");
    await conversation.getByRole("log", { name: "Messages" }).getByText(texts.message).waitFor();
    await expectShownAsText(buyerView, "chat (buyer)", [texts.message, texts.goods, texts.title]);

    await ok(buyer.api.call("PATCH", "/products/confirm-receipt", { product_id: productId }));
    const review = (await (
      await ok(buyer.api.call("POST", "/reviews/", { deal_id: bought.deal.id, stars: 4, text: texts.review }))
    ).json()) as {
      id: string;
    };
    await ok(seller.api.call("POST", `/reviews/${review.id}/reply`, { reply: texts.reply }));

    // The buyer again, after a reload: the conversation as it is now, then the seller's profile and reviews.
    await buyerView.page.reload();
    await expectShownAsText(buyerView, "chat after confirming", [texts.message, texts.goods]);
    await buyerView.page.goto("/profile/xss_seller");
    await expectShownAsText(buyerView, "seller profile", [texts.sellerAbout]);
    await buyerView.page.getByRole("tab", { name: "Reviews" }).click();
    await expectShownAsText(buyerView, "seller reviews", [texts.review, texts.reply, texts.title]);
    await buyerView.context.close();

    // The seller sees the same conversation.
    const sellerView = await visit(user("xss_seller"));
    await sellerView.context.addInitScript(
      (chatId) => localStorage.setItem("selected-chat-id", chatId),
      bought.chat_id,
    );
    await sellerView.page.goto("/chats");
    await sellerView.page.getByRole("region", { name: "Chat with xss_buyer" }).waitFor();
    await expectShownAsText(sellerView, "chat (seller)", [texts.message, texts.title]);
    await sellerView.context.close();

    // The admin: users list and edit page, products, deals.
    const admin = await visit("admin");
    await admin.page.goto("/admin/users");
    await admin.page.getByRole("searchbox", { name: "Search users" }).fill("xss_");
    await admin.page.getByRole("list", { name: "Users" }).getByRole("listitem", { name: "xss_buyer" }).waitFor();
    await expectShownAsText(admin, "admin users", [texts.buyerNote, texts.sellerAbout]);
    await admin.page.goto(`/admin/users/edit/${buyer.id}`);
    await admin.page.getByRole("heading", { level: 1, name: "Edit user" }).waitFor();
    await expect.poll(() => admin.page.getByLabel("Description").inputValue()).toBe(texts.buyerNote);
    await expectShownAsText(admin, "admin edit user", []);
    await admin.page.goto("/admin/products");
    await expectShownAsText(admin, "admin products", [
      texts.title,
      texts.disputedTitle,
      texts.description,
      texts.goods,
      texts.category,
    ]);
    await admin.page.goto("/admin/deals");
    await expectShownAsText(admin, "admin deals", [texts.dispute, texts.title, texts.disputedTitle]);
    await admin.context.close();
  });
});
