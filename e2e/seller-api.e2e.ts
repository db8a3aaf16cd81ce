import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpThroughApi } from "./support/api-session.js";
import { openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { listedProduct, signInOnPage, useJourney } from "./support/journey.js";

/*
 * Issue 25: a seller sets up the seller API in the browser, on a phone: a token that works until it is revoked, and
 * a webhook whose delivery of a real sale shows in Settings → API.
 */

const password = "Bot!maker1pass";
const seller = { email: "api_seller@example.com", username: "api_seller", password };
const buyer = { email: "api_buyer@example.com", username: "api_buyer", password };

type Received = { headers: IncomingHttpHeaders; body: string };

describe.skipIf(skipReason)("seller API journey", () => {
  // The seller's program runs on this machine: development's WEBHOOK_ALLOW_PRIVATE_TARGETS lets webhooks reach it.
  const journey = useJourney({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" } });
  const received: Received[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.writeHead(200).end("thanks");
    });
  });
  let receiverUrl: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/lootlane`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it("a seller makes a token that works until revoked, and adds a webhook that a sale reaches, on a phone", async () => {
    const { baseUrl } = journey.server;
    const sellerApi = await signUpThroughApi(baseUrl, journey.mail, seller);
    const buyerApi = await signUpThroughApi(baseUrl, journey.mail, buyer);
    const { page, pageErrors } = await openPage(journey.browser, baseUrl, viewports.phone);
    await signInOnPage(page, seller);

    await page.goto("/settings");
    await page.getByRole("link", { name: "Open API settings" }).click();
    await page.getByRole("heading", { level: 1, name: "API for your programs" }).waitFor();

    const tokens = page.getByRole("region", { name: "Personal access tokens" });
    await tokens.getByLabel("Name").fill("Wallet watcher");
    await tokens.getByRole("checkbox", { name: /wallet:read/ }).check();
    await tokens.getByRole("button", { name: "Create token" }).click();
    const shown = page.getByRole("dialog", { name: "Your new token" });
    const token = (await shown.getByTestId("new-api-token").innerText()).trim();
    expect(token).toMatch(/^llp_/);
    await shown.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => tokens.getByRole("listitem").innerText()).toContain("Wallet watcher");

    const wallet = () => fetch(`${baseUrl}/v1/wallet`, { headers: { authorization: `Bearer ${token}` } });
    expect((await wallet()).status).toBe(200);
    // Only what its scopes cover: the chats are not the wallet.
    const chats = await fetch(`${baseUrl}/v1/chats/`, { headers: { authorization: `Bearer ${token}` } });
    expect(chats.status).toBe(403);

    const webhooks = page.getByRole("region", { name: "Webhooks" });
    await webhooks.getByLabel("Address (https)").fill(receiverUrl);
    await webhooks.getByRole("checkbox", { name: /order\.created/ }).check();
    await webhooks.getByRole("button", { name: "Add webhook" }).click();
    const secretDialog = page.getByRole("dialog", { name: "Your signing secret" });
    expect(await secretDialog.getByTestId("new-webhook-secret").innerText()).toMatch(/^whsec_/);
    await secretDialog.getByRole("button", { name: "Done" }).click();

    const { user_id: buyerId } = (await (await buyerApi.call("GET", "/auth/get-my-user-id")).json()) as {
      user_id: string;
    };
    const topUp = await journey.adminApi.call("POST", "/admin/balance-adjustment", {
      user_id: buyerId,
      amount: 500,
      memo: "journey top-up",
    });
    expect(topUp.status).toBe(200);
    const productId = await listedProduct(journey, sellerApi, {
      title: "Hades II account with all weapons",
      description: "Steam account with every weapon aspect unlocked.",
      productData: "login: hades_fan / password: Zagreus!1",
      price: 250,
    });
    expect((await buyerApi.call("POST", "/products/buy", { product_id: productId })).status).toBe(200);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: "order.created", data: { product_id: productId } });

    await page.reload();
    const row = webhooks.getByRole("listitem").filter({ hasText: receiverUrl });
    await row.getByRole("button", { name: "Deliveries" }).click();
    const deliveries = row.getByRole("list", { name: "Deliveries" });
    await expect.poll(() => deliveries.textContent()).toContain("Delivered");
    expect(await deliveries.textContent()).toContain("answered 200");

    await tokens.getByRole("button", { name: "Revoke the token Wallet watcher" }).click();
    await page
      .getByRole("dialog", { name: "Revoke “Wallet watcher”?" })
      .getByRole("button", { name: "Revoke" })
      .click();
    await expect.poll(() => tokens.innerText()).toContain("No tokens yet.");
    expect((await wallet()).status).toBe(401);
    expect(pageErrors).toEqual([]);
  });
});
