import type { ChatListItem, PurchaseResult } from "@lootlane/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import { listenOnFreePort, nextEvent, sendMessage } from "../../test/test-chats.js";
import { adjustBalanceAs, buyAs } from "../../test/test-money.js";
import { eventsOf, notificationsOf, unreadCountOf } from "../../test/test-notifications.js";
import { testPeople, type Person } from "../../test/test-people.js";

/*
 * Chat messages in the bell: one row per chat while it is unread, counting the messages and quoting the latest,
 * for the other member only; reading the chat (the page of messages, or the socket's mark_read) reads the row and
 * tells the reader's other tabs. Deal messages are the deal's own events, never chat messages.
 */

let t: TestApp;
let game: Category;
const { person, connect, closeSockets } = testPeople("nc", () => t);

beforeAll(async () => {
  t = await createTestApp();
  await listenOnFreePort(t.app);
  game = await createTestGame(t.database.db);
});
afterEach(closeSockets);
afterAll(() => t.close());

/** A buyer's chat with a seller about the seller's listing ("Message seller"). */
async function chatAbout(title = "Chatty listing title") {
  const seller = await person();
  const buyer = await person();
  const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, title });
  const chat = (await buyer.client.post("/v1/chats/", { product_id: product.id })).json() as ChatListItem;
  return { seller, buyer, product, chatId: chat.id };
}

async function say(who: Person, chatId: string, text: string) {
  const socket = await connect(who);
  expect(await sendMessage(socket, chatId, text)).toMatchObject({ ok: true });
  socket.close();
}

describe("chat messages", () => {
  it("collapse into one row per chat for the other member, counting them and quoting the latest", async () => {
    const { seller, buyer, chatId } = await chatAbout();
    const sellerSocket = await connect(seller);
    const first = nextEvent(sellerSocket, "notification");
    await say(buyer, chatId, "Is the account still available?");
    await t.app.jobs.runDue();
    expect(await first).toMatchObject({
      notification: {
        event: "chat_message",
        count: 1,
        params: {
          chat_id: chatId,
          product_title: "Chatty listing title",
          sender_username: buyer.user.username,
          text: "Is the account still available?",
        },
        link: `/chats?chat=${chatId}`,
      },
      unread_count: 1,
    });

    const second = nextEvent(sellerSocket, "notification");
    await say(buyer, chatId, "And does it come with the e-mail?");
    await t.app.jobs.runDue();
    expect(await second).toMatchObject({
      notification: { count: 2, params: { text: "And does it come with the e-mail?" } },
      unread_count: 1,
    });
    expect(await notificationsOf(seller.client)).toMatchObject([
      { event: "chat_message", count: 2, read: false, params: { text: "And does it come with the e-mail?" } },
    ]);
    expect(await notificationsOf(buyer.client)).toEqual([]);
  });

  it("quote at most 200 characters of a long message", async () => {
    const { seller, buyer, chatId } = await chatAbout();
    await say(buyer, chatId, `${"long ".repeat(60)}end`);
    const [row] = await eventsOf(seller.client, "chat_message");
    expect(Array.from(row!.params.text)).toHaveLength(200);
    expect(row!.params.text).toBe(`${"long ".repeat(60).slice(0, 199)}…`);
  });

  it("are not written for a message that was refused", async () => {
    const { seller, buyer, chatId } = await chatAbout();
    const stranger = await person();
    const socket = await connect(stranger);
    expect(await sendMessage(socket, chatId, "Let me in")).toMatchObject({ ok: false });
    expect(await notificationsOf(seller.client)).toEqual([]);
    expect(await notificationsOf(buyer.client)).toEqual([]);
  });
});

describe("reading the chat", () => {
  it("reads its row and tells the reader's other tabs, and the next message starts a new row", async () => {
    const { seller, buyer, chatId } = await chatAbout();
    await say(buyer, chatId, "First question");
    await say(buyer, chatId, "Second question");
    expect(await unreadCountOf(seller.client)).toBe(1);
    const otherTab = await connect(seller);
    const read = nextEvent(otherTab, "notifications_read");

    const page = await seller.client.get(`/v1/chats/${chatId}/messages`);
    expect(page.statusCode, page.body).toBe(200);
    expect(await read).toEqual({ unread_count: 0 });
    expect(await notificationsOf(seller.client)).toMatchObject([{ event: "chat_message", count: 2, read: true }]);

    await say(buyer, chatId, "Third question");
    const rows = await notificationsOf(seller.client);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ count: 1, read: false, params: expect.objectContaining({ text: "Third question" }) }),
        expect.objectContaining({ count: 2, read: true }),
      ]),
    );
  });

  it("through the socket's mark_read reads the row too", async () => {
    const { seller, buyer, chatId } = await chatAbout();
    await say(buyer, chatId, "Are you there?");
    const socket = await connect(seller);
    const read = nextEvent(socket, "notifications_read");
    socket.emit("mark_read", { chat_id: chatId });
    expect(await read).toEqual({ unread_count: 0 });
    expect(await unreadCountOf(seller.client)).toBe(0);
  });

  it("by someone who is not the row's reader leaves the row unread", async () => {
    const { seller, buyer, chatId } = await chatAbout();
    await say(buyer, chatId, "Hello from the buyer");
    // The buyer reads the chat: their own message was for the seller, whose bell still counts it.
    await buyer.client.get(`/v1/chats/${chatId}/messages`);
    expect(await unreadCountOf(seller.client)).toBe(1);
  });
});

describe("deal messages", () => {
  it("are not chat messages: a purchase card tells of the sale, not of a message", async () => {
    const seller = await person();
    const buyer = await person();
    const admin = await person("admin");
    const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id });
    await adjustBalanceAs(admin.client, buyer.user.id, 100);
    const bought = await buyAs(t, buyer.client, product.id);
    expect(bought.statusCode, bought.body).toBe(200);
    expect((bought.json() as PurchaseResult).chat_id).toEqual(expect.any(String));
    expect((await notificationsOf(seller.client)).map((row) => row.event)).toEqual(["sale"]);
    expect((await notificationsOf(buyer.client)).map((row) => row.event)).toEqual(["order_delivered"]);
  });
});
