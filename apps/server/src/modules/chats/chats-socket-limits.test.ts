import type { ChatListItem, ChatMessage } from "@lootlane/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../db/schema/catalog.js";
import { MAX_SOCKETS_PER_USER } from "../../platform/realtime/socket-server.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import {
  listenOnFreePort,
  nextEvent,
  recordEvents,
  refusedConnection,
  sendMessage,
  type ChatSocket,
} from "../../test/test-chats.js";
import { createTestClock } from "../../test/test-clock.js";
import { testPeople } from "../../test/test-people.js";
import { createInFlightLimit } from "../../platform/realtime/in-flight-limit.js";
import { CHAT_SOCKET_LIMITS } from "./chats-socket.limits.js";

/* Issue 17 item 7: each socket event kind is rate-limited per user, and a user holds a bounded number of sockets. */

// A clock that stands still, so no limit's window rolls over in the middle of a burst.
const clock = createTestClock();
// Room for one message being stored at a time: the test below holds it to make the server busy.
const messagesInFlight = createInFlightLimit(1);
let t: TestApp;
let url: string;
let game: Category;
const { person, connect, closeSockets } = testPeople("sock_limit", () => t);

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.now, messagesInFlight });
  url = await listenOnFreePort(t.app);
  game = await createTestGame(t.database.db);
});
afterEach(closeSockets);
afterAll(() => t.close());

/** A buyer and a seller in one chat, both with a socket that joined it. */
async function chatRoomOfTwo() {
  const seller = await person();
  const buyer = await person();
  const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id });
  const chat = (await buyer.client.post("/v1/chats/", { product_id: product.id })).json() as ChatListItem;
  const [buyerSocket, sellerSocket] = [await connect(buyer), await connect(seller)];
  for (const socket of [buyerSocket, sellerSocket]) {
    const joined = nextEvent(socket, "join_room_success");
    socket.emit("join_room", { chat_id: chat.id });
    await joined;
  }
  return { seller, buyer, chat, buyerSocket, sellerSocket };
}

describe("socket event limits", () => {
  it("relays a burst of typing at most the typing limit's times", async () => {
    const { chat, buyerSocket, sellerSocket } = await chatRoomOfTwo();
    const relayed = recordEvents(sellerSocket, "typing");
    const delivered = nextEvent(sellerSocket, "new_message");

    for (let sent = 0; sent < 500; sent++) buyerSocket.emit("typing", { chat_id: chat.id });
    // Events of one socket are handled in order, so once this message arrives every relay that will come has.
    expect((await sendMessage(buyerSocket, chat.id, "done typing")).ok).toBe(true);
    await delivered;
    expect(relayed).toHaveLength(CHAT_SOCKET_LIMITS.typing.max);
  });

  it("answers join_room over the limit with join_room_error TOO_MANY_REQUESTS", async () => {
    const { chat, buyerSocket } = await chatRoomOfTwo();
    // chatRoomOfTwo joined once already.
    const burst = CHAT_SOCKET_LIMITS.joinRoom.max + 4;
    const successes = recordEvents(buyerSocket, "join_room_success");
    const errors = recordEvents(buyerSocket, "join_room_error");
    const answered = new Promise<void>((resolve) => {
      const check = () => successes.length + errors.length === burst && resolve();
      buyerSocket.on("join_room_success", check);
      buyerSocket.on("join_room_error", check);
    });

    for (let sent = 0; sent < burst; sent++) buyerSocket.emit("join_room", { chat_id: chat.id });
    await answered;
    expect(successes).toHaveLength(CHAT_SOCKET_LIMITS.joinRoom.max - 1);
    expect(errors).toHaveLength(5);
    expect(errors[0]).toMatchObject({ room: chat.id, error_code: "TOO_MANY_REQUESTS" });
    expect(errors[0]?.message).toMatch(/Too many attempts/);
  });
});

describe("more messages than the server can store at once", () => {
  it("refuses the excess with SERVER_BUSY, storing and relaying nothing, and takes messages again after", async () => {
    const { buyer, chat, buyerSocket, sellerSocket } = await chatRoomOfTwo();
    const delivered = recordEvents(sellerSocket, "new_message");
    const release = messagesInFlight.tryEnter()!;
    const refused = await sendMessage(buyerSocket, chat.id, "while busy");
    expect(refused).toEqual({
      ok: false,
      error: { error_code: "SERVER_BUSY", error_message: "The server is busy: send it again in a moment" },
    });
    release();
    const relayed = nextEvent(sellerSocket, "new_message");
    expect((await sendMessage(buyerSocket, chat.id, "once free")).ok).toBe(true);
    await relayed;
    const stored = (await buyer.client.get(`/v1/chats/${chat.id}/messages`)).json() as ChatMessage[];
    expect(stored.map((message) => message.text)).not.toContain("while busy");
    expect(delivered.map((message) => message.text)).toEqual(["once free"]);
  });
});

describe("sockets per user", () => {
  it(`accepts ${MAX_SOCKETS_PER_USER}, refuses the next with TOO_MANY_SOCKETS, and frees the places as they close`, async () => {
    const { seller, buyerSocket, sellerSocket } = await chatRoomOfTwo();
    // The seller's socket from chatRoomOfTwo counts too.
    const open: ChatSocket[] = [sellerSocket];
    for (let count = 1; count < MAX_SOCKETS_PER_USER; count++) open.push(await connect(seller));

    const refused = await refusedConnection(url, seller.client);
    expect(refused.message).toBe("TOO_MANY_SOCKETS");
    expect(refused.data.error_code).toBe("TOO_MANY_SOCKETS");
    expect(refused.data.error_message).toMatch(/connections/);
    // Someone else is not affected.
    expect((await connect(await person())).connected).toBe(true);

    const wentOffline = nextEvent(
      buyerSocket,
      "presence",
      (event) => event.user_id === seller.user.id && !event.is_online,
    );
    for (const socket of open) socket.close();
    await wentOffline;
    for (let count = 0; count < MAX_SOCKETS_PER_USER; count++) expect((await connect(seller)).connected).toBe(true);
  });
});
