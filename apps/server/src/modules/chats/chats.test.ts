import { CHAT_MESSAGE_MAX, kopecksToRoubles, type ChatListItem, type ChatMessage } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { products, type Category } from "../../db/schema/catalog.js";
import { messages } from "../../db/schema/chats.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import {
  connectAs,
  joinRoom,
  listenOnFreePort,
  nextEvent,
  pause,
  QUIET_MS,
  recordEvents,
  refusedConnection,
  sendMessage,
} from "../../test/test-chats.js";
import type { TestClient } from "../../test/test-client.js";
import { createTestClock } from "../../test/test-clock.js";
import { statementsDuring } from "../../test/test-statements.js";
import { adjustBalanceAs } from "../../test/test-money.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { createTestUser, signInAs } from "../../test/test-users.js";
import { ACCESS_TOKEN_TTL_SECONDS } from "../../platform/auth/access-token.js";
import { MESSAGE_RATE } from "./chats-messages.service.js";
import { createInFlightLimit } from "../../platform/realtime/in-flight-limit.js";

let t: TestApp;
let url: string;
let game: Category;
const { person, connect, sockets, closeSockets } = testPeople("chat", () => t);

beforeAll(async () => {
  // The bursts below hold PGlite's thread long enough on a busy machine for load shedding to refuse a message:
  // these tests are about what is stored, shedding is chats-socket-overload.test.ts's, so only the count applies.
  t = await createTestApp({}, { messagesInFlight: createInFlightLimit(100) });
  url = await listenOnFreePort(t.app);
  game = await createTestGame(t.database.db);
});
afterEach(closeSockets);
afterAll(() => t.close());

/** A seller with an active product, a buyer who pressed Message seller on it, and their chat. */
async function chatBetween() {
  const seller = await person();
  const buyer = await person();
  const product = await createTestProduct(t, {
    sellerId: seller.user.id,
    categoryId: game.id,
    productData: "key: AAAA-BBBB",
  });
  const response = await buyer.client.post("/v1/chats/", { product_id: product.id });
  expect(response.statusCode, response.body).toBe(200);
  return { seller, buyer, product, chat: response.json() as ChatListItem };
}

const chatList = async (who: Person) => (await who.client.get("/v1/chats/")).json() as ChatListItem[];
const messagesOf = async (who: Person, chatId: string, query = "") =>
  (await who.client.get(`/v1/chats/${chatId}/messages${query}`)).json() as ChatMessage[];
const storedTexts = async (chatId: string) =>
  (await t.database.db.select().from(messages).where(eq(messages.chatId, chatId))).map((row) => row.text);

describe("Message seller (POST /v1/chats/)", () => {
  it("opens the buyer's chat about the product, and answers the same chat the next time", async () => {
    const { seller, buyer, product, chat } = await chatBetween();
    expect(chat).toMatchObject({
      another_user: { username: seller.user.username, avatar_url: "", is_online: false },
      last_message: null,
      unread_count: 0,
    });
    const again = await buyer.client.post("/v1/chats/", { product_id: product.id });
    expect(again.json().id).toBe(chat.id);
    // The seller sees it too, with the buyer as the other user.
    expect((await chatList(seller)).map((item) => [item.id, item.another_user.username])).toEqual([
      [chat.id, buyer.user.username],
    ]);
  });

  it("refuses the seller's own product (409), a product not on sale (409 or 404 when hidden) and a guest (401)", async () => {
    const seller = await person();
    const buyer = await person();
    const own = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id });
    const sold = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, status: "purchased" });
    const pending = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, status: "moderation" });
    const cases: Array<[TestClient, string, number, string]> = [
      [seller.client, own.id, 409, "CANNOT_MESSAGE_OWN_PRODUCT"],
      [buyer.client, sold.id, 409, "PRODUCT_NOT_AVAILABLE"],
      [buyer.client, pending.id, 404, "PRODUCT_NOT_FOUND"],
      [buyer.client, crypto.randomUUID(), 404, "PRODUCT_NOT_FOUND"],
    ];
    for (const [client, productId, status, code] of cases) {
      const response = await client.post("/v1/chats/", { product_id: productId });
      expect([response.statusCode, response.json().detail.error_code]).toEqual([status, code]);
    }
    const guest = await t.app.inject({ method: "POST", url: "/v1/chats/", payload: { product_id: own.id } });
    expect([guest.statusCode, guest.json().detail.error_code]).toEqual([401, "TOKEN_NOT_FOUND"]);
  });
});

describe("the socket handshake", () => {
  it("refuses a socket without the access cookie or with a bad token, naming the token code", async () => {
    const refused = await refusedConnection(url, undefined);
    expect(refused.message).toBe("TOKEN_NOT_FOUND");
    expect(refused.data.error_code).toBe("TOKEN_NOT_FOUND");
    const forged = await refusedConnection(url, undefined, { cookie: "access_token=not.a.jwt" });
    expect(forged.message).toBe("TOKEN_IS_INVALID");
  });

  it("refuses a browser handshake from another site", async () => {
    const someone = await person();
    await expect(connectAs(url, someone.client, { origin: "https://evil.example" })).rejects.toThrow();
    const same = await connectAs(url, someone.client, { origin: url });
    sockets.push(same);
  });
});

describe("live messages", () => {
  it("delivers a member's message to the other member in the room, stored first, and updates the other's list", async () => {
    const { seller, buyer, product, chat } = await chatBetween();
    const buyerSocket = await connect(buyer);
    const sellerSocket = await connect(seller);
    expect(await joinRoom(buyerSocket, chat.id)).toEqual({ joined: true, payload: { room: chat.id } });

    // The seller has not opened the chat: their list learns of the message through their personal room.
    const sellerListUpdate = nextEvent(
      sellerSocket,
      "chat_updated",
      (item) => item.id === chat.id && item.last_message !== null,
    );
    const ack = await sendMessage(buyerSocket, chat.id, "  Hello, is it still available?  ");
    expect(ack).toMatchObject({
      ok: true,
      message: {
        chat_room_id: chat.id,
        sender_id: buyer.user.id,
        sender_username: buyer.user.username,
        text: "Hello, is it still available?",
        message_type: "text",
        is_read: false,
        product: null,
      },
    });
    expect(await sellerListUpdate).toMatchObject({
      unread_count: 1,
      last_message: { text: "Hello, is it still available?", message_type: "text" },
      another_user: { username: buyer.user.username, is_online: true },
      product: { id: product.id, title: product.title },
    });

    // Once the seller opens it, messages arrive live both ways.
    await joinRoom(sellerSocket, chat.id);
    const atSeller = nextEvent(sellerSocket, "new_message");
    const atBuyer = nextEvent(buyerSocket, "new_message");
    await sendMessage(buyerSocket, chat.id, "Second");
    expect((await atSeller).text).toBe("Second");
    expect((await atBuyer).text).toBe("Second");
    const answer = nextEvent(buyerSocket, "new_message", (message) => message.sender_id === seller.user.id);
    await sendMessage(sellerSocket, chat.id, "Yes, it is");
    expect((await answer).text).toBe("Yes, it is");
    expect(await storedTexts(chat.id)).toEqual(
      expect.arrayContaining(["Hello, is it still available?", "Second", "Yes, it is"]),
    );
  });

  it("gives a non-member nothing: join_room_error, no messages of the room, and sending is refused", async () => {
    const { buyer, chat } = await chatBetween();
    const stranger = await connect(await person());
    const strangerMessages = recordEvents(stranger, "new_message");
    const strangerUpdates = recordEvents(stranger, "chat_updated");

    const joined = await joinRoom(stranger, chat.id);
    expect(joined).toMatchObject({
      joined: false,
      payload: { room: chat.id, error_code: "CHAT_NOT_FOUND", message: "Chat not found" },
    });
    const refused = await sendMessage(stranger, chat.id, "let me in");
    expect(refused).toMatchObject({ ok: false, error: { error_code: "CHAT_NOT_FOUND" } });

    const buyerSocket = await connect(buyer);
    await joinRoom(buyerSocket, chat.id);
    await sendMessage(buyerSocket, chat.id, "private words");
    await pause(QUIET_MS);
    expect([strangerMessages, strangerUpdates]).toEqual([[], []]);
    expect(await storedTexts(chat.id)).toEqual(["private words"]);
  });

  it("refuses blank and over-long messages with VALIDATION_ERROR, storing and sending nothing", async () => {
    const { seller, buyer, chat } = await chatBetween();
    const buyerSocket = await connect(buyer);
    const sellerSocket = await connect(seller);
    await joinRoom(sellerSocket, chat.id);
    const delivered = recordEvents(sellerSocket, "new_message");

    for (const text of ["", "   \n\t "]) {
      expect(await sendMessage(buyerSocket, chat.id, text)).toMatchObject({
        ok: false,
        error: { error_code: "VALIDATION_ERROR", errors: [{ field: "message" }] },
      });
    }
    const tooLong = await sendMessage(buyerSocket, chat.id, "x".repeat(CHAT_MESSAGE_MAX + 1));
    expect(tooLong).toMatchObject({
      ok: false,
      error: {
        error_code: "VALIDATION_ERROR",
        errors: [{ field: "message", message: `At most ${CHAT_MESSAGE_MAX} characters` }],
      },
    });
    await pause(QUIET_MS);
    expect(delivered).toEqual([]);
    expect(await storedTexts(chat.id)).toEqual([]);

    // The longest allowed message goes through.
    expect(await sendMessage(buyerSocket, chat.id, "y".repeat(CHAT_MESSAGE_MAX))).toMatchObject({ ok: true });
  });

  it("writes a refusal's field messages in the language of the socket's handshake", async () => {
    const { buyer, chat } = await chatBetween();
    const socket = await connectAs(url, buyer.client, { "accept-language": "ru-RU,ru;q=0.9" });
    sockets.push(socket);
    expect(await sendMessage(socket, chat.id, "x".repeat(CHAT_MESSAGE_MAX + 1))).toMatchObject({
      ok: false,
      error: {
        error_code: "VALIDATION_ERROR",
        error_message: expect.stringMatching(/[а-я]/),
        errors: [{ field: "message", message: `Не длиннее ${CHAT_MESSAGE_MAX} символов` }],
      },
    });
  });

  it("answers a refusal with send_message_error when the client gave no acknowledgement", async () => {
    const { buyer, chat } = await chatBetween();
    const socket = await connect(buyer);
    const error = nextEvent(socket, "send_message_error");
    socket.emit("send_message", { chat_id: chat.id, message: " " });
    expect(await error).toMatchObject({ chat_id: chat.id, error_code: "VALIDATION_ERROR" });
  });

  it("shows the other member typing, and only to the room", async () => {
    const { seller, buyer, chat } = await chatBetween();
    const buyerSocket = await connect(buyer);
    const sellerSocket = await connect(seller);
    const stranger = await connect(await person());
    const strangerTyping = recordEvents(stranger, "typing");
    await joinRoom(buyerSocket, chat.id);
    await joinRoom(sellerSocket, chat.id);
    const typing = nextEvent(sellerSocket, "typing");
    buyerSocket.emit("typing", { chat_id: chat.id });
    expect(await typing).toEqual({ chat_id: chat.id, user_id: buyer.user.id, username: buyer.user.username });
    stranger.emit("typing", { chat_id: chat.id });
    await pause(QUIET_MS);
    expect(strangerTyping).toEqual([]);
  });
});

describe("reading chats over REST", () => {
  it("lists the viewer's chats by latest activity with the last message and unread counts", async () => {
    const { seller, buyer, chat: first } = await chatBetween();
    const other = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id });
    const second = (await buyer.client.post("/v1/chats/", { product_id: other.id })).json() as ChatListItem;
    const buyerSocket = await connect(buyer);
    await sendMessage(buyerSocket, first.id, "about the first");
    await sendMessage(buyerSocket, first.id, "still the first");

    const sellerList = await chatList(seller);
    expect(sellerList.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(sellerList[0]).toMatchObject({
      unread_count: 2,
      last_message: { text: "still the first" },
      another_user: { username: buyer.user.username, is_online: true },
    });
    expect(sellerList[1]).toMatchObject({ unread_count: 0, last_message: null });
    // The buyer's own messages are not unread for the buyer.
    expect((await chatList(buyer)).find((item) => item.id === first.id)?.unread_count).toBe(0);
  });

  it("says what each chat is about: the product's title, price, status and first picture, as it is now", async () => {
    const { seller, buyer, product, chat } = await chatBetween();
    const summaryOf = (item: { id: string; title: string; priceKopecks: number }, thumbnail: string | null) => ({
      id: item.id,
      title: item.title,
      price: kopecksToRoubles(item.priceKopecks),
      status: "active",
      thumbnail_url: thumbnail,
    });
    // "Message seller" answers the chat already saying what it is about.
    expect(chat.product).toEqual(summaryOf(product, `/media/seed/products/${product.id.slice(0, 8)}0-t.png`));

    const pictured = await createTestProduct(t, {
      sellerId: seller.user.id,
      categoryId: game.id,
      title: "Arcana bundle with three styles",
      priceKopecks: 2490_00,
      imageCount: 3,
    });
    const bare = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, imageCount: 0 });
    for (const { id } of [pictured, bare]) await buyer.client.post("/v1/chats/", { product_id: id });
    // The product moved on since (sold); the list shows it as it is now.
    await t.database.db.update(products).set({ status: "purchased" }).where(eq(products.id, bare.id));

    for (const member of [buyer, seller]) {
      const byProduct = new Map((await chatList(member)).map((item) => [item.product.id, item.product]));
      expect(byProduct.get(pictured.id)).toEqual(
        summaryOf(pictured, `/media/seed/products/${pictured.id.slice(0, 8)}0-t.png`),
      );
      expect(byProduct.get(bare.id)).toEqual({ ...summaryOf(bare, null), status: "purchased" });
    }
  });

  it("lists every chat in one statement, however many there are", async () => {
    const { seller, buyer } = await chatBetween();
    for (let extra = 0; extra < 3; extra++) {
      const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id, imageCount: 2 });
      await buyer.client.post("/v1/chats/", { product_id: product.id });
    }
    let listed: ChatListItem[] = [];
    const statements = await statementsDuring(t.database.db, async () => {
      listed = await chatList(buyer);
    });
    expect(listed).toHaveLength(4);
    // The periodic sweeps may run meanwhile, in transactions (not counted) and never reading these tables.
    expect(statements.filter((text) => /"(chats|products|product_images|messages)"/.test(text))).toHaveLength(1);
  });

  it("answers messages oldest first, pages back with `before`, and reading marks them read for the reader", async () => {
    const { seller, buyer, chat } = await chatBetween();
    const buyerSocket = await connect(buyer);
    for (let n = 1; n <= 5; n++) await sendMessage(buyerSocket, chat.id, `m${n}`);

    const sellerSocket = await connect(seller);
    const cleared = nextEvent(sellerSocket, "chat_updated", (item) => item.id === chat.id && item.unread_count === 0);
    const newest = await messagesOf(seller, chat.id, "?limit=2");
    expect(newest.map((message) => [message.text, message.is_read])).toEqual([
      ["m4", true],
      ["m5", true],
    ]);
    await cleared;
    const older = await messagesOf(seller, chat.id, `?limit=2&before=${newest[0]!.id}`);
    expect(older.map((message) => message.text)).toEqual(["m2", "m3"]);
    const oldest = await messagesOf(seller, chat.id, `?limit=2&before=${older[0]!.id}`);
    expect(oldest.map((message) => message.text)).toEqual(["m1"]);
    expect((await chatList(seller))[0]?.unread_count).toBe(0);
    // The buyer reading does not mark their own messages; they were read by the seller.
    expect((await messagesOf(buyer, chat.id)).every((message) => message.is_read)).toBe(true);
  });

  it("marks a chat read through the socket's mark_read", async () => {
    const { seller, buyer, chat } = await chatBetween();
    await sendMessage(await connect(buyer), chat.id, "ping");
    const sellerSocket = await connect(seller);
    const cleared = nextEvent(sellerSocket, "chat_updated", (item) => item.id === chat.id && item.unread_count === 0);
    sellerSocket.emit("mark_read", { chat_id: chat.id });
    await cleared;
    expect((await chatList(seller))[0]?.unread_count).toBe(0);
  });

  it("is for members only (404 CHAT_NOT_FOUND); admins read any chat without marking it, and write in none undisputed", async () => {
    const { buyer, chat } = await chatBetween();
    await sendMessage(await connect(buyer), chat.id, "for the seller's eyes");
    const stranger = await person();
    const asStranger = await stranger.client.get(`/v1/chats/${chat.id}/messages`);
    expect([asStranger.statusCode, asStranger.json().detail.error_code]).toEqual([404, "CHAT_NOT_FOUND"]);
    expect(await chatList(stranger)).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/v1/chats/" })).statusCode).toBe(401);

    const admin = await person("admin");
    const read = await messagesOf(admin, chat.id);
    expect(read.map((message) => [message.text, message.is_read])).toEqual([["for the seller's eyes", false]]);
    const adminSocket = await connect(admin);
    expect((await joinRoom(adminSocket, chat.id)).joined).toBe(true);
    expect(await sendMessage(adminSocket, chat.id, "admin here")).toMatchObject({
      ok: false,
      error: { error_code: "CHAT_NO_OPEN_DISPUTE" },
    });
    expect(await storedTexts(chat.id)).toEqual(["for the seller's eyes"]);
  });

  it("shows a purchase card with the product, its goods only to those allowed", async () => {
    const { seller, buyer, product, chat } = await chatBetween();
    await t.database.db
      .insert(messages)
      .values({ chatId: chat.id, senderId: null, text: product.title, messageType: "purchase_info" });
    const [card] = await messagesOf(buyer, chat.id);
    expect(card).toMatchObject({
      message_type: "purchase_info",
      sender_id: null,
      product: {
        id: product.id,
        title: product.title,
        price: 100,
        status: "active",
        is_owner: false,
        product_data_string: null,
        seller: { username: seller.user.username },
      },
    });
    expect(card?.product?.images).toHaveLength(1);
    const [sellerCard] = await messagesOf(seller, chat.id);
    expect(sellerCard?.product).toMatchObject({ is_owner: true, product_data_string: "key: AAAA-BBBB" });
    expect((await chatList(buyer))[0]?.last_message).toMatchObject({ message_type: "purchase_info" });
  });
});

describe("presence", () => {
  it("shows a user online while a socket is connected, then offline with a last-seen time, and tells their chat partners", async () => {
    const { seller, buyer } = await chatBetween();
    const buyerSocket = await connect(buyer);
    const cameOnline = nextEvent(
      buyerSocket,
      "presence",
      (event) => event.user_id === seller.user.id && event.is_online,
    );
    const first = await connect(seller);
    const second = await connect(seller);
    expect(await cameOnline).toEqual({
      user_id: seller.user.id,
      username: seller.user.username,
      is_online: true,
      last_seen: null,
    });
    expect((await chatList(buyer))[0]?.another_user).toMatchObject({ is_online: true, last_seen: null });

    // Closing one of two tabs changes nothing.
    first.close();
    await pause(QUIET_MS);
    expect((await chatList(buyer))[0]?.another_user.is_online).toBe(true);

    const wentOffline = nextEvent(
      buyerSocket,
      "presence",
      (event) => event.user_id === seller.user.id && !event.is_online,
    );
    second.close();
    const offline = await wentOffline;
    expect(offline.last_seen).not.toBeNull();
    expect((await chatList(buyer))[0]?.another_user).toMatchObject({ is_online: false, last_seen: offline.last_seen });
  });
});

describe("messages and a purchase in the same chat", () => {
  it("stores every message and the purchase when the buyer writes while buying, in many chats at once", async () => {
    // A message holds its chat row while its foreign key reads the sender's row; a purchase locks the buyer's row,
    // then posts its card in the same chat. With the buyer's row locked FOR UPDATE the two deadlocked on PostgreSQL.
    const admin = await person("admin");
    const pairs = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { buyer, product, chat } = await chatBetween();
        await adjustBalanceAs(admin.client, buyer.user.id, kopecksToRoubles(product.priceKopecks));
        return { buyer, product, chat, socket: await connect(buyer) };
      }),
    );

    const outcomes = await Promise.all(
      pairs.flatMap(({ buyer, product, chat, socket }) => [
        buyer.client
          .post("/v1/products/buy", { product_id: product.id })
          .then((response) => (response.statusCode === 200 ? "ok" : response.body)),
        ...Array.from({ length: 5 }, (_, index) =>
          sendMessage(socket, chat.id, `while buying ${index}`).then((ack) =>
            ack.ok ? "ok" : JSON.stringify(ack.error),
          ),
        ),
      ]),
    );
    expect(outcomes).toEqual(outcomes.map(() => "ok"));
    for (const { chat } of pairs) expect(await storedTexts(chat.id)).toHaveLength(6);
  });
});

describe("the message rate limit", () => {
  it("limits how many messages a user sends per minute (TOO_MANY_REQUESTS)", async () => {
    // A clock that stands still, so the minute cannot roll over between the last allowed message and the next.
    const clock = createTestClock();
    const limited = await createTestApp({}, { clock: clock.now });
    try {
      const limitedUrl = await listenOnFreePort(limited.app);
      const { db } = limited.database;
      const seller = await createTestUser(db, { username: "chat_rate_seller" });
      const buyer = await createTestUser(db, { username: "chat_rate_buyer" });
      const product = await createTestProduct(limited, {
        sellerId: seller.id,
        categoryId: (await createTestGame(db)).id,
      });
      const client = await signInAs(limited.app, buyer);
      const chat = (await client.post("/v1/chats/", { product_id: product.id })).json() as ChatListItem;
      const socket = await connectAs(limitedUrl, client);
      sockets.push(socket);

      for (let sent = 0; sent < MESSAGE_RATE.max; sent++)
        expect((await sendMessage(socket, chat.id, `message ${sent}`)).ok).toBe(true);
      const refused = await sendMessage(socket, chat.id, "one too many");
      expect(refused).toMatchObject({ ok: false, error: { error_code: "TOO_MANY_REQUESTS" } });
      expect(await db.select().from(messages).where(eq(messages.chatId, chat.id))).toHaveLength(MESSAGE_RATE.max);

      // The next minute allows messages again.
      clock.advance(MESSAGE_RATE.windowMs);
      expect((await sendMessage(socket, chat.id, "a minute later")).ok).toBe(true);
    } finally {
      await limited.close();
    }
  });
});

describe("an expiring access token", () => {
  it("ends the socket with session_expired when the token runs out", async () => {
    const clock = createTestClock();
    const timed = await createTestApp({}, { clock: clock.now });
    try {
      const timedUrl = await listenOnFreePort(timed.app);
      const user = await createTestUser(timed.database.db, { username: "chat_expiring" });
      const client = await signInAs(timed.app, user);
      // The token signed at sign-in has 300 ms left when the socket connects.
      clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 - 300);
      const socket = await connectAs(timedUrl, client);
      const disconnected = new Promise<string>((resolve) => socket.once("disconnect", resolve));
      expect(await nextEvent(socket, "session_expired")).toMatchObject({ error_code: "TOKEN_IS_EXPIRED" });
      expect(await disconnected).toBe("io server disconnect");
    } finally {
      await timed.close();
    }
  });
});
