import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { signedHeaders } from "@lootlane/server/modules/webhooks/webhooks.signature";
import { createTestApp, type TestApp } from "@lootlane/server/test/test-app";
import { createTestGame, createTestProduct, createTestSubcategory } from "@lootlane/server/test/test-catalog";
import { listenOnFreePort } from "@lootlane/server/test/test-chats";
import { buyAs } from "@lootlane/server/test/test-money";
import { createTestUser, signInAs } from "@lootlane/server/test/test-users";
import { creditTestTopUp } from "@lootlane/server/test/test-wallet-postings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSellerBot, type BotOptions } from "./bot.js";
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
/** The bot the current test started; the bot's server hands every request to it. */
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

type Message = { text: string; sender_id: string | null; message_type: string };
type Delivery = { id: string; event: string; status: string; payload: string; attempts: { status_code: number }[] };
type Browser = Awaited<ReturnType<typeof signInAs>>;

/** What the seller does in Settings → API, then the bot started with the token and the secret. */
async function startBot(seller: Browser, options: Pick<BotOptions, "stock" | "reply">): Promise<{ webhookId: string }> {
  const created = await seller.post("/v1/tokens", {
    name: "Seller bot",
    scopes: ["deals:write", "chats:write", "chats:read"],
    expires_in_days: 30,
  });
  expect(created.statusCode, created.body).toBe(200);
  const registered = await seller.post("/v1/webhooks", { url: botUrl, events: ["order.created", "message.created"] });
  expect(registered.statusCode, registered.body).toBe(200);
  const { id: webhookId, secret } = registered.json() as { id: string; secret: string };
  const bot = createSellerBot({
    baseUrl: serverUrl,
    token: (created.json() as { token: string }).token,
    webhookSecret: secret,
    ...options,
  });
  handler = (request, response) => void bot.handle(request, response);
  return { webhookId };
}

async function manualListing(sellerId: string, quantity: number) {
  const { db } = t.database;
  const subcategory = await createTestSubcategory(db, await createTestGame(db));
  return createTestProduct(t, { sellerId, categoryId: subcategory.id, delivery: "manual", quantity });
}

/** The texts `senderId` wrote in the chat, as `reader` reads it, after running the jobs due (webhooks among them). */
async function textsBy(reader: Browser, chatId: string, senderId: string): Promise<string[]> {
  await t.app.jobs.runDue();
  const messages = (await reader.get(`/v1/chats/${chatId}/messages`)).json() as Message[];
  return messages
    .filter((message) => message.sender_id === senderId && message.message_type === "text")
    .map((message) => message.text);
}

describe("the example seller bot", () => {
  it("delivers a manual order and answers its buyer, once however often a webhook comes", async () => {
    const { db } = t.database;
    const seller = await createTestUser(db, { username: "bot_seller" });
    const buyer = await createTestUser(db, { username: "bot_buyer" });
    const sellerBrowser = await signInAs(t.app, seller);
    const buyerBrowser = await signInAs(t.app, buyer);
    const { webhookId } = await startBot(sellerBrowser, {
      stock: [
        "login: hero_7 / password: Kx8#wq2",
        "login: hero_8 / password: Lm3$zp9",
        "login: hero_9 / password: n0Tme",
      ],
      reply: (text) => `You wrote “${text}”. Your order is in the chat above.`,
    });

    const listing = await manualListing(seller.id, 3);
    await creditTestTopUp(db, buyer.id, 1_000_00);
    const bought = await buyAs(t, buyerBrowser, listing.id, { quantity: 2 });
    expect(bought.statusCode, bought.body).toBe(200);
    const chatId = (bought.json() as { chat_id: string }).chat_id;
    const asked = await buyerBrowser.post(`/v1/chats/${chatId}/messages`, { text: "Hi! Where are my accounts?" });
    expect(asked.statusCode, asked.body).toBe(200);

    const delivered = `Thank you for buying ${listing.title}! Here is your order:\nlogin: hero_7 / password: Kx8#wq2\nlogin: hero_8 / password: Lm3$zp9`;
    const answered = "You wrote “Hi! Where are my accounts?”. Your order is in the chat above.";
    await expect
      .poll(() => textsBy(buyerBrowser, chatId, seller.id))
      .toEqual(expect.arrayContaining([delivered, answered]));

    // Settings' Resend sends the order again with the same webhook-id: the bot answers it and delivers nothing more.
    const deliveries = (await sellerBrowser.get(`/v1/webhooks/${webhookId}/deliveries`)).json() as {
      deliveries: Delivery[];
    };
    const order = deliveries.deliveries.find((delivery) => delivery.event === "order.created")!;
    const resent = await sellerBrowser.post(`/v1/webhooks/${webhookId}/deliveries/${order.id}/resend`, {});
    expect((resent.json() as Delivery).attempts.at(-1)?.status_code, resent.body).toBe(204);
    expect(await textsBy(buyerBrowser, chatId, seller.id)).toHaveLength(2);
  });

  it("answers only in chats about its own listings", async () => {
    const { db } = t.database;
    const seller = await createTestUser(db, { username: "bot_shopper" });
    const otherSeller = await createTestUser(db, { username: "bot_other_seller" });
    const sellerBrowser = await signInAs(t.app, seller);
    const otherBrowser = await signInAs(t.app, otherSeller);
    const { webhookId } = await startBot(sellerBrowser, { stock: [], reply: () => "The bot's answer" });

    // The bot's account buys from another seller, who then writes to it.
    await creditTestTopUp(db, seller.id, 1_000_00);
    const bought = await buyAs(t, sellerBrowser, (await manualListing(otherSeller.id, 1)).id);
    expect(bought.statusCode, bought.body).toBe(200);
    const chatId = (bought.json() as { chat_id: string }).chat_id;
    const question = "Did the account arrive?";
    expect((await otherBrowser.post(`/v1/chats/${chatId}/messages`, { text: question })).statusCode).toBe(200);

    // The bot acts before it answers the webhook, so once the delivery succeeded, any answer of its is in the chat.
    await expect
      .poll(async () => {
        await t.app.jobs.runDue();
        const { deliveries } = (await sellerBrowser.get(`/v1/webhooks/${webhookId}/deliveries`)).json() as {
          deliveries: Delivery[];
        };
        return deliveries.map(({ event, status, payload }) => ({ event, status, text: JSON.parse(payload).data.text }));
      })
      .toEqual([{ event: "message.created", status: "succeeded", text: question }]);
    expect(await textsBy(otherBrowser, chatId, seller.id)).toEqual([]);
  });

  it("accepts only a webhook signed with its secret within five minutes", async () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    const otherSecret = `whsec_${Buffer.alloc(32, 8).toString("base64")}`;
    // An event this bot leaves alone: a signed one is acknowledged without calling Lootlane.
    const body = JSON.stringify({ type: "review.created", timestamp: new Date().toISOString(), data: {} });
    const now = new Date();
    const signed = (at: Date, key = secret) => signedHeaders(key, "msg_1", at, body);
    expect(isSignedWebhook(secret, signed(now), body, now)).toBe(true);
    expect(isSignedWebhook(secret, signed(new Date(now.getTime() - 6 * 60_000)), body, now)).toBe(false);
    expect(isSignedWebhook(secret, signed(now, otherSecret), body, now)).toBe(false);
    expect(isSignedWebhook(secret, signed(now), `${body} `, now)).toBe(false);
    expect(isSignedWebhook(secret, {}, body, now)).toBe(false);

    const bot = createSellerBot({
      baseUrl: serverUrl,
      token: "llp_unused",
      webhookSecret: secret,
      stock: [],
      reply: String,
    });
    handler = (request, response) => void bot.handle(request, response);
    const post = (text: string) => fetch(botUrl, { method: "POST", body: text, headers: signed(new Date()) });
    expect((await post(body.replace("review", "stock"))).status).toBe(401);
    expect((await post(body)).status).toBe(204);
  });

  it("has the API types of the served OpenAPI document (npm run generate when this fails)", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/v1/docs/json" })).json() as object;
    expect(await readFile(TYPES_FILE, "utf8")).toBe(await typesOf(document));
  });
});
