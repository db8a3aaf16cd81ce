import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpThroughApi } from "./support/api-session.js";
import { openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { sellerWithProduct, useJourney } from "./support/journey.js";

const password = "Chatting!1pass";

describe.skipIf(skipReason)("chat journey", () => {
  const journey = useJourney();

  /** A seller with one approved product on sale, made through the API: the journey is about the chat. */
  const sellerWith = (username: string, title: string) =>
    sellerWithProduct(
      journey,
      { username, password },
      {
        title,
        description: "Full access with the original e-mail, handed over in the chat.",
        productData: "login: chat-journey / password: Secret!2026",
        price: 1500,
      },
    );

  async function signIn(page: Page, username: string) {
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill(`${username}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Lootlane" }).waitFor();
  }

  function chatRow(page: Page, username: string) {
    return page.getByRole("navigation", { name: "Chat list" }).getByRole("button", { name: new RegExp(username) });
  }

  async function send(page: Page, text: string) {
    const box = page.getByRole("textbox", { name: "Message" });
    await box.fill(text);
    await box.press("Enter");
  }

  function messages(page: Page) {
    return page.getByRole("log", { name: "Messages" });
  }

  for (const [label, viewport] of [
    ["desktop", viewports.desktop],
    ["phone", viewports.phone],
  ] as const) {
    it(`buyer and seller talk live, without reloading (${label}, ${viewport.width} px)`, async () => {
      const sellerName = `seller_${label}`;
      const buyerName = `buyer_${label}`;
      const productId = await sellerWith(sellerName, `Valorant account with Reaver bundle (${label})`);
      await signUpThroughApi(journey.server.baseUrl, journey.mail, {
        email: `${buyerName}@example.com`,
        username: buyerName,
        password,
      });

      const seller = await openPage(journey.browser, journey.server.baseUrl, viewport);
      await signIn(seller.page, sellerName);
      await seller.page.goto("/chats");
      await seller.page.getByText("Chat list is empty...").waitFor();

      const buyer = await openPage(journey.browser, journey.server.baseUrl, viewport);
      await signIn(buyer.page, buyerName);
      await buyer.page.goto(`/product/${productId}`);
      await buyer.page.getByRole("button", { name: "Message seller" }).click();
      await expect.poll(() => new URL(buyer.page.url()).pathname).toBe("/chats");
      await buyer.page.getByRole("region", { name: `Chat with ${sellerName}` }).waitFor();
      // Blank is ignored: nothing is sent and the conversation stays empty.
      await send(buyer.page, "   ");
      await send(buyer.page, "Hi! Is the Reaver bundle still on the account?");
      await messages(buyer.page).getByText("Hi! Is the Reaver bundle still on the account?").waitFor();

      // The seller's list shows the new chat live, unread, and so does the Chats tab.
      const row = chatRow(seller.page, buyerName);
      await expect
        .poll(() => row.textContent(), { timeout: 15_000 })
        .toContain("Hi! Is the Reaver bundle still on the account?");
      await row.getByLabel("1 unread message").waitFor();
      await seller.page
        .getByRole("navigation", { name: "Main navigation" })
        .getByRole("link", { name: /^Chats.*, 1 unread$/ })
        .waitFor();
      await row.click();
      await messages(seller.page).getByText("Hi! Is the Reaver bundle still on the account?").waitFor();
      await send(seller.page, "Yes, and the e-mail comes with it.");

      // The buyer sees the answer without reloading.
      await messages(buyer.page).getByText("Yes, and the e-mail comes with it.").waitFor({ timeout: 15_000 });
      expect(await messages(buyer.page).getByText("Hi! Is the Reaver bundle still on the account?").count()).toBe(1);

      expect(seller.pageErrors).toEqual([]);
      expect(buyer.pageErrors).toEqual([]);
      await seller.context.close();
      await buyer.context.close();
    });
  }
});
