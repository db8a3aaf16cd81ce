import type { ChatListItem, ChatMessage } from "@lootlane/contract";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import { joinRoom, listenOnFreePort, nextEvent, pause, recordEvents, sendMessage } from "../../test/test-chats.js";
import { testPeople } from "../../test/test-people.js";

/*
 * Issue 24: with the database on the event loop's thread (PGlite), an overloaded server read messages seconds
 * late and let their acknowledgements time out, losing them silently. A message read while the loop runs more
 * than five seconds behind is refused with SERVER_BUSY instead, which the sender sees at once.
 */

let t: TestApp;
const { person, connect, closeSockets } = testPeople("sock_overload", () => t);

beforeAll(async () => {
  t = await createTestApp();
  await listenOnFreePort(t.app);
});
afterEach(closeSockets);
afterAll(() => t.close());

/** Holds this process's event loop, the server's and the test's alike, as a long query on PGlite does. */
function holdEventLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

it("refuses with SERVER_BUSY a message read while the event loop is over five seconds behind, and takes them after", async () => {
  const seller = await person();
  const buyer = await person();
  const game = await createTestGame(t.database.db);
  const product = await createTestProduct(t, { sellerId: seller.user.id, categoryId: game.id });
  const chat = (await buyer.client.post("/v1/chats/", { product_id: product.id })).json() as ChatListItem;
  const [buyerSocket, sellerSocket] = [await connect(buyer), await connect(seller)];
  for (const socket of [buyerSocket, sellerSocket]) expect((await joinRoom(socket, chat.id)).joined).toBe(true);
  const delivered = recordEvents(sellerSocket, "new_message");

  const refused = sendMessage(buyerSocket, chat.id, "while the loop is held");
  holdEventLoop(5_300);
  expect(await refused).toEqual({
    ok: false,
    error: { error_code: "SERVER_BUSY", error_message: "The server is busy: send it again in a moment" },
  });

  // The loop's next checks run on time: the delay is gone, and so is the refusal.
  await pause(300);
  const relayed = nextEvent(sellerSocket, "new_message");
  expect((await sendMessage(buyerSocket, chat.id, "once caught up")).ok).toBe(true);
  await relayed;
  const stored = (await buyer.client.get(`/v1/chats/${chat.id}/messages`)).json() as ChatMessage[];
  expect(stored.map((message) => message.text)).toEqual(["once caught up"]);
  expect(delivered.map((message) => message.text)).toEqual(["once caught up"]);
});
