import type { ChatListItem, ChatMessage } from "@lootlane/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { messages } from "../../db/schema/chats.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import { joinRoom, listenOnFreePort, nextEvent, sendMessage } from "../../test/test-chats.js";
import { testPeople, type Person } from "../../test/test-people.js";

/*
 * Issue 22, off-platform warning: every message answer says which contacts outside Lootlane its text holds, in
 * the history and live, for members and admins alike; the platform's own messages are never flagged.
 */

let t: TestApp;
let game: Category;
const { person, connect, closeSockets } = testPeople("offplat", () => t);

beforeAll(async () => {
  t = await createTestApp();
  await listenOnFreePort(t.app);
  game = await createTestGame(t.database.db);
});
afterEach(closeSockets);
afterAll(() => t.close());

async function chatBetween() {
  const seller = await person();
  const buyer = await person();
  const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id });
  const response = await buyer.client.post("/v1/chats/", { product_id: product.id });
  expect(response.statusCode, response.body).toBe(200);
  return { seller, buyer, chat: response.json() as ChatListItem };
}

const historyOf = async (who: Person, chatId: string) => {
  const response = await who.client.get(`/v1/chats/${chatId}/messages`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ChatMessage[]).map((message) => [message.text, message.off_platform]);
};

describe("off-platform contacts in message answers", () => {
  it("names what a message holds in the acknowledgement, live to the other member and in the history", async () => {
    const { seller, buyer, chat } = await chatBetween();
    const buyerSocket = await connect(buyer);
    const sellerSocket = await connect(seller);
    await joinRoom(buyerSocket, chat.id);
    await joinRoom(sellerSocket, chat.id);

    const live = nextEvent(sellerSocket, "new_message", (message) => message.text.startsWith("Write me"));
    const ack = await sendMessage(buyerSocket, chat.id, "Write me on telegram @vasya_pro or +7 999 123-45-67");
    expect(ack).toMatchObject({ ok: true, message: { off_platform: ["phone", "messenger"] } });
    expect((await live).off_platform).toEqual(["phone", "messenger"]);

    const ordinary = nextEvent(buyerSocket, "new_message", (message) => message.sender_id === seller.user.id);
    await sendMessage(sellerSocket, chat.id, "Price is 1 500 руб, lvl 80, at 18:30");
    expect((await ordinary).off_platform).toEqual([]);

    const expected = [
      ["Write me on telegram @vasya_pro or +7 999 123-45-67", ["phone", "messenger"]],
      ["Price is 1 500 руб, lvl 80, at 18:30", []],
    ];
    expect(await historyOf(buyer, chat.id)).toEqual(expected);
    expect(await historyOf(seller, chat.id)).toEqual(expected);
    expect(await historyOf(await person("admin"), chat.id)).toEqual(expected);
  });

  it("never flags the platform's own messages, whatever their text", async () => {
    const { buyer, chat } = await chatBetween();
    const at = Date.now();
    await t.database.db.insert(messages).values([
      { chatId: chat.id, senderId: null, text: "dispute_opened", messageType: "system", createdAt: new Date(at) },
      {
        chatId: chat.id,
        senderId: null,
        text: "Call 89991234567 t.me/x",
        messageType: "system",
        createdAt: new Date(at + 1000),
      },
    ]);
    expect(await historyOf(buyer, chat.id)).toEqual([
      ["dispute_opened", []],
      ["Call 89991234567 t.me/x", []],
    ]);
  });

  it("counts a chat's flagged messages and their kinds for an admin, and for no one else", async () => {
    const { seller, buyer, chat } = await chatBetween();
    const buyerSocket = await connect(buyer);
    const sellerSocket = await connect(seller);
    await sendMessage(sellerSocket, chat.id, "pay me on my card 4111 1111 1111 1111");
    await sendMessage(buyerSocket, chat.id, "no, here please, 1 500 руб as listed");
    await sendMessage(sellerSocket, chat.id, "then write me: vasya@mail.ru");
    await t.database.db
      .insert(messages)
      .values({ chatId: chat.id, senderId: null, text: "t.me/x", messageType: "system" });

    const admin = await person("admin");
    const summary = await admin.client.get(`/v1/admin/chats/${chat.id}/off-platform`);
    expect([summary.statusCode, summary.json()]).toEqual([
      200,
      { flagged_messages: 2, kinds: ["card", "email", "payment"] },
    ]);
    const asSeller = await seller.client.get(`/v1/admin/chats/${chat.id}/off-platform`);
    expect([asSeller.statusCode, asSeller.json().detail.error_code]).toEqual([403, "INSUFFICIENT_PERMISSIONS"]);
    const unknown = await admin.client.get("/v1/admin/chats/00000000-0000-4000-8000-000000000000/off-platform");
    expect([unknown.statusCode, unknown.json().detail.error_code]).toEqual([404, "CHAT_NOT_FOUND"]);
  });
});
