import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createTestApp, type TestApp } from "@lootlane/server/test/test-app";
import { createTestGame, createTestProduct, createTestSubcategory } from "@lootlane/server/test/test-catalog";
import { listenOnFreePort } from "@lootlane/server/test/test-chats";
import { buyAs } from "@lootlane/server/test/test-money";
import { createTestUser, signInAs } from "@lootlane/server/test/test-users";
import { creditTestTopUp } from "@lootlane/server/test/test-wallet-postings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSellerBot } from "./bot.js";
import { TYPES_FILE, typesOf } from "./generate-types.js";
import { isSignedWebhook } from "./signature.js";

/*
 * Issue 25: the example bot against the real server, over real HTTP both ways: Lootlane's webhooks reach the
 * bot, and the bot's token calls reach Lootlane. What is checked is what the buyer sees in the chat.
 */

let t: TestApp;
let serverUrl: string;
let botServer: Server;
let botUrl: string;
let handler: Parameters<typeof createServer>[1] = (_request, response) => response.writeHead(503).end();

beforeAll(async () => {
  t = await createTestApp({ webhookAllowPrivateTargets: true });
  serverUrl = await listenOnFreePort(t.app);
  botServer = createServer((request, response) => handler!(request, response));
  await new Promise<void>((resolve) => botServer.listen(0, "127.0.0.1", resolve));
  botUrl = `http://127.0.0.1:${(botServer.address() as AddressInfo).port}/lootlane`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => botServer.close(() => resolve()));
  await t.close();
});

type Message = { text: string; sender_id: string | null };

describe("the example seller bot", () => {
  it("delivers a manual order and answers the buyer, as the buyer sees in the chat", async () => {
    const { db } = t.database;
    const seller = await createTestUser(db, { username: "bot_seller" });
    const buyer = await createTestUser(db, { username: "bot_buyer" });
    const sellerBrowser = await signInAs(t.app, seller);
    const buyerBrowser = await signInAs(t.app, buyer);

    const created = await sellerBrowser.post("/v1/tokens", {
      name: "Seller bot",
      scopes: ["deals:write", "chats:write"],
      expires_in_days: 30,
    });
    expect(created.statusCode, created.body).toBe(200);
    const registered = await sellerBrowser.post("/v1/webhooks", {
      url: botUrl,
      events: ["order.created", "message.created"],
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const bot = createSellerBot({
      baseUrl: serverUrl,
      token: (created.json() as { token: string }).token,
      webhookSecret: (registered.json() as { secret: string }).secret,
      stock: ["login: hero_7 / password: Kx8#wq2"],
      reply: (text) => `You wrote “${text}”. Your order is in the chat above.`,
    });
    handler = (request, response) => void bot.handle(request, response);

    const subcategory = await createTestSubcategory(db, await createTestGame(db));
    const listing = await createTestProduct(t, {
      sellerId: seller.id,
      categoryId: subcategory.id,
      delivery: "manual",
      quantity: 1,
    });
    await creditTestTopUp(db, buyer.id, 1_000_00);
    const bought = await buyAs(t, buyerBrowser, listing.id);
    expect(bought.statusCode, bought.body).toBe(200);
    const chatId = (bought.json() as { chat_id: string }).chat_id;
    const asked = await buyerBrowser.post(`/v1/chats/${chatId}/messages`, { text: "Hi! Where is my account?" });
    expect(asked.statusCode, asked.body).toBe(200);

    const chat = async () => {
      await t.app.jobs.runDue();
      return ((await buyerBrowser.get(`/v1/chats/${chatId}/messages`)).json() as Message[])
        .filter((message) => message.sender_id === seller.id)
        .map((message) => message.text);
    };
    await expect
      .poll(chat)
      .toEqual(
        expect.arrayContaining([
          `Thank you for buying ${listing.title}! Here it is:\nlogin: hero_7 / password: Kx8#wq2`,
          "You wrote “Hi! Where is my account?”. Your order is in the chat above.",
        ]),
      );
  });

  it("refuses a webhook that was not signed with its secret", async () => {
    const bot = createSellerBot({
      baseUrl: serverUrl,
      token: "llp_unused",
      webhookSecret: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
      stock: [],
      reply: () => "",
    });
    handler = (request, response) => void bot.handle(request, response);
    const body = JSON.stringify({ type: "message.created", timestamp: new Date().toISOString(), data: {} });
    const forged = await fetch(botUrl, {
      method: "POST",
      body,
      headers: {
        "webhook-id": "msg_forged",
        "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
        "webhook-signature": `v1,${Buffer.alloc(32).toString("base64")}`,
      },
    });
    expect(forged.status).toBe(401);
    expect(isSignedWebhook("whsec_AAAA", {}, body)).toBe(false);
  });

  it("has the API types of the served OpenAPI document (npm run generate when this fails)", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/v1/docs/json" })).json() as object;
    expect(await readFile(TYPES_FILE, "utf8")).toBe(await typesOf(document));
  });
});
