import { randomBytes } from "node:crypto";
import type { ChatListItem, ChatMessage } from "@lootlane/contract";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import type { User } from "../../db/schema/users.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import {
  connectAs,
  joinRoom,
  nextEvent,
  sendMessage,
  startChatServer,
  type ChatServer,
  type ChatSocket,
} from "../../test/test-chats.js";
import type { TestClient } from "../../test/test-client.js";
import { createTestDatabase } from "../../test/test-database.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

/*
 * Apps that share one database: one after another (a restart) and side by side (instances behind a load
 * balancer, which need PostgreSQL and Redis).
 */

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** What every instance of one deployment shares besides the database: the token secret and the data key. */
const sharedSecrets = (): Partial<Config> => ({ jwtSecret: randomBytes(32).toString("hex"), dataKey: randomBytes(32) });

async function database(): Promise<Database> {
  const db = await createTestDatabase();
  cleanup.push(() => db.close());
  return db;
}

async function server(db: Database, config: Partial<Config>): Promise<ChatServer> {
  const started = await startChatServer(db, config);
  cleanup.push(() => started.close());
  return started;
}

async function socketOf(url: string, client: TestClient): Promise<ChatSocket> {
  const socket = await connectAs(url, client);
  cleanup.push(async () => void socket.close());
  return socket;
}

/** A seller with an active product and a buyer, straight in the database, and the buyer's chat through `via`. */
async function buyerAndSeller(db: Database, via: ChatServer, config: Partial<Config>) {
  const game = await createTestGame(db.db);
  const seller = await createTestUser(db.db, { username: `inst_s_${randomBytes(3).toString("hex")}` });
  const buyer = await createTestUser(db.db, { username: `inst_b_${randomBytes(3).toString("hex")}` });
  const product = await createTestProduct(
    { database: db, config: { dataKey: config.dataKey! } as Config },
    { sellerId: seller.id, categoryId: game.id },
  );
  const buyerClient = await signInAs(via.app, buyer);
  const chat = (await buyerClient.post("/v1/chats/", { product_id: product.id })).json() as ChatListItem;
  return { seller, buyer, buyerClient, chat };
}

const messagesVia = async (client: TestClient, chatId: string) =>
  (await client.get(`/v1/chats/${chatId}/messages`)).json() as ChatMessage[];
const listVia = async (client: TestClient) => (await client.get("/v1/chats/")).json() as ChatListItem[];
const signedIn = (instance: ChatServer, user: User) => signInAs(instance.app, user);

describe("one database, apps one after another", () => {
  it("keeps the messages over a restart", async () => {
    const db = await database();
    const config = sharedSecrets();
    const first = await server(db, config);
    const { seller, buyerClient, chat } = await buyerAndSeller(db, first, config);
    const socket = await connectAs(first.url, buyerClient);
    expect(await sendMessage(socket, chat.id, "sent before the restart")).toMatchObject({ ok: true });
    socket.close();
    await first.close();

    const second = await server(db, config);
    const texts = (await messagesVia(await signedIn(second, seller), chat.id)).map((message) => message.text);
    expect(texts).toEqual(["sent before the restart"]);
  });
});

// Instances share presence and rooms through Redis, and data through a PostgreSQL both can open.
const redisUrl = process.env.TEST_REDIS_URL;
const sharedDatabase = process.env.TEST_DB_DRIVER === "postgres";

describe.runIf(redisUrl !== undefined && sharedDatabase)("two instances on one PostgreSQL and Redis", () => {
  it("delivers a message sent through instance A to a member connected to B, and both see the same presence", async () => {
    const db = await database();
    const config: Partial<Config> = { ...sharedSecrets(), redisUrl };
    const a = await server(db, config);
    const b = await server(db, config);
    const { seller, buyer, buyerClient, chat } = await buyerAndSeller(db, a, config);
    const sellerOnB = await signedIn(b, seller);

    const buyerSocket = await socketOf(a.url, buyerClient);
    const sellerCameOnline = nextEvent(
      buyerSocket,
      "presence",
      (event) => event.user_id === seller.id && event.is_online,
    );
    const sellerSocket = await socketOf(b.url, sellerOnB);
    await sellerCameOnline;
    expect(await joinRoom(buyerSocket, chat.id)).toMatchObject({ joined: true });
    expect(await joinRoom(sellerSocket, chat.id)).toMatchObject({ joined: true });

    const atSeller = nextEvent(sellerSocket, "new_message");
    const sellerList = nextEvent(
      sellerSocket,
      "chat_updated",
      (item) => item.id === chat.id && item.unread_count === 1,
    );
    expect(await sendMessage(buyerSocket, chat.id, "from instance A")).toMatchObject({ ok: true });
    expect(await atSeller).toMatchObject({ text: "from instance A", sender_id: buyer.id });
    await sellerList;
    const atBuyer = nextEvent(buyerSocket, "new_message", (message) => message.sender_id === seller.id);
    await sendMessage(sellerSocket, chat.id, "answer from instance B");
    expect((await atBuyer).text).toBe("answer from instance B");

    // Each instance reports the user connected to the other one as online.
    expect((await listVia(buyerClient))[0]?.another_user.is_online).toBe(true);
    expect((await listVia(sellerOnB))[0]?.another_user.is_online).toBe(true);

    const sellerWentOffline = nextEvent(
      buyerSocket,
      "presence",
      (event) => event.user_id === seller.id && !event.is_online,
    );
    sellerSocket.close();
    await sellerWentOffline;
    expect((await listVia(buyerClient))[0]?.another_user).toMatchObject({ is_online: false });
    // The buyer, still connected to A, is online as B tells the seller.
    expect((await listVia(sellerOnB))[0]?.another_user.is_online).toBe(true);
  });
});
