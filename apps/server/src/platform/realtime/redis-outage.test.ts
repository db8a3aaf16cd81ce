import { randomBytes } from "node:crypto";
import type { ChatListItem, ChatMessage } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import type { User } from "../../db/schema/users.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import {
  connectAs,
  joinRoom,
  nextEvent,
  pause,
  QUIET_MS,
  recordEvents,
  sendMessage,
  startChatServer,
  type ChatServer,
  type ChatSocket,
} from "../../test/test-chats.js";
import { TestClient } from "../../test/test-client.js";
import { createTestDatabase } from "../../test/test-database.js";
import { startPrivateRedis, type PrivateRedis } from "../../test/private-redis.js";
import { createTestUser, signInAs, TEST_PASSWORD } from "../../test/test-users.js";
import { recordProcessCrashes, type ProcessCrashes } from "../../test/process-crashes.js";

/*
 * Redis stopped under two running instances (ARCHITECTURE.md §1: the adapter, presence and rate-limit counters
 * live there). Redis holds nothing that cannot be rebuilt, so its loss must cost only what crosses instances:
 * each instance keeps serving HTTP and its own sockets, and the instances find each other again when it returns.
 * The Redis is the test's own process, killed and restarted on the same port; the shared one is never touched.
 */

// Two instances on one database need PostgreSQL; the embedded PGlite is one process's.
const sharedDatabase = process.env.TEST_DB_DRIVER === "postgres";

/** How long an instance may take to find Redis again once it is back (the client's reconnect backoff tops out at seconds). */
const RECOVERY_MS = 15_000;
/** Well under the presence lease renewal (20 s), so only a renewal on reconnect makes it. */
const PRESENCE_RECOVERY_MS = 5_000;

describe.runIf(sharedDatabase)("Redis stopped while two instances run", () => {
  // Instance A's clock is real time, except while a test holds it still: the 31 sign-in attempts must fall in
  // one fixed one-minute window, and on a loaded machine they sometimes straddled the turn of the minute.
  let heldAt: Date | undefined;
  const clockOfA = () => heldAt ?? new Date();

  let redis: PrivateRedis;
  let db: Database;
  let a: ChatServer;
  let b: ChatServer;
  let seller: User;
  let buyer: User;
  let chatId: string;
  let buyerOnA: ChatSocket;
  let sellerOnA: ChatSocket;
  let sellerOnB: ChatSocket;
  let crashes: ProcessCrashes | undefined;

  beforeAll(async () => {
    crashes = recordProcessCrashes();
    redis = await startPrivateRedis();
    db = await createTestDatabase();
    const config: Partial<Config> = {
      jwtSecret: randomBytes(32).toString("hex"),
      dataKey: randomBytes(32),
      redisUrl: redis.url,
    };
    a = await startChatServer(db, config, clockOfA);
    b = await startChatServer(db, config);
    const game = await createTestGame(db.db);
    seller = await createTestUser(db.db, { username: `rds_s_${randomBytes(3).toString("hex")}` });
    buyer = await createTestUser(db.db, { username: `rds_b_${randomBytes(3).toString("hex")}` });
    const product = await createTestProduct(
      { database: db, config: { dataKey: config.dataKey! } as Config },
      { sellerId: seller.id, categoryId: game.id },
    );
    const buyerClient = await signInAs(a.app, buyer);
    chatId = ((await buyerClient.post("/v1/chats/", { product_id: product.id })).json() as ChatListItem).id;
    // The seller has a tab on each instance; the buyer is on A.
    buyerOnA = await connectAs(a.url, buyerClient);
    sellerOnA = await connectAs(a.url, await signInAs(a.app, seller));
    sellerOnB = await connectAs(b.url, await signInAs(b.app, seller));
    for (const socket of [buyerOnA, sellerOnA, sellerOnB])
      expect(await joinRoom(socket, chatId)).toMatchObject({ joined: true });
  });

  afterAll(async () => {
    for (const socket of [buyerOnA, sellerOnA, sellerOnB]) socket?.close();
    await a?.close();
    await b?.close();
    await db?.close();
    await redis?.close();
    crashes?.stop();
  });

  const deliveredTo = async (socket: ChatSocket, text: string): Promise<ChatMessage> => {
    const received = nextEvent(socket, "new_message", (message) => message.text === text);
    expect(await sendMessage(buyerOnA, chatId, text)).toMatchObject({ ok: true });
    return received;
  };

  /** Whether the seller's chat list, read through the instance, shows the buyer online. */
  const buyerOnlineFor = async (instance: ChatServer) => {
    const [chat] = (await (await signInAs(instance.app, seller)).get("/v1/chats/")).json() as ChatListItem[];
    return chat!.another_user.is_online;
  };

  it("relays chat between the instances while Redis is up", async () => {
    const text = "before the outage";
    const [onA, onB] = await Promise.all([
      deliveredTo(sellerOnA, text),
      nextEvent(sellerOnB, "new_message", (message) => message.text === text),
    ]);
    expect(onA.sender_id).toBe(buyer.id);
    expect(onB.sender_id).toBe(buyer.id);
    expect(await buyerOnlineFor(b)).toBe(true);
  });

  it("keeps serving HTTP and chat within each instance while Redis is down", async () => {
    await redis.stop("SIGKILL");

    for (const instance of [a, b]) {
      expect((await instance.app.inject({ method: "GET", url: "/v1/health" })).statusCode).toBe(200);
      expect((await instance.app.inject({ method: "GET", url: "/v1/products/get/all" })).statusCode).toBe(200);
      // Sign-in counts attempts in the rate-limit store: it must neither refuse everyone nor crash.
      const chats = await (await signInAs(instance.app, seller)).get("/v1/chats/");
      expect(chats.statusCode).toBe(200);
      expect((chats.json() as ChatListItem[]).map((chat) => chat.id)).toEqual([chatId]);
    }
    // Presence answers from what the instance knows itself: the buyer's socket is on A.
    expect(await buyerOnlineFor(a)).toBe(true);

    // Sent, stored and delivered on the instance both members are connected to.
    const text = "during the outage";
    expect((await deliveredTo(sellerOnA, text)).sender_id).toBe(buyer.id);
    const sellerClient = await signInAs(b.app, seller);
    const stored = (await sellerClient.get(`/v1/chats/${chatId}/messages`)).json() as ChatMessage[];
    expect(stored.map((message) => message.text)).toContain(text);

    // A member connecting now is still let in and answered.
    const lateTab = await connectAs(b.url, sellerClient);
    try {
      expect(await joinRoom(lateTab, chatId)).toMatchObject({ joined: true });
    } finally {
      lateTab.close();
    }
    expect(crashes!.crashes).toEqual([]);
  });

  it("still limits sign-in attempts per IP while Redis is down, on each instance's own count", async () => {
    const attacker = new TestClient(a.app);
    const statuses: number[] = [];
    heldAt = new Date();
    try {
      for (let attempt = 0; attempt < 31; attempt++) {
        statuses.push(
          (await attacker.post("/v1/auth/login", { email: seller.email, password: `${TEST_PASSWORD}-wrong` }))
            .statusCode,
        );
      }
    } finally {
      heldAt = undefined;
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
    // The real owner, from their own address, still gets in.
    expect(
      (await new TestClient(a.app).post("/v1/auth/login", { email: seller.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it("relays chat between the instances again once Redis is back, without a restart", async () => {
    await redis.start();
    const atB = recordEvents(sellerOnB, "new_message");
    const deadline = Date.now() + RECOVERY_MS;
    for (let attempt = 0; !atB.some((message) => message.text.startsWith("after the outage")); attempt++) {
      if (Date.now() > deadline)
        throw new Error(`no message reached instance B within ${RECOVERY_MS} ms of Redis coming back`);
      await deliveredTo(sellerOnA, `after the outage ${attempt}`);
      await pause(QUIET_MS);
    }
    // The buyer's lease is written again as soon as A is reconnected, not at its next renewal a while later.
    const presenceDeadline = Date.now() + PRESENCE_RECOVERY_MS;
    while (!(await buyerOnlineFor(b))) {
      if (Date.now() > presenceDeadline)
        throw new Error(`instance B did not see the buyer online within ${PRESENCE_RECOVERY_MS} ms`);
      await pause(QUIET_MS);
    }
    expect(crashes!.crashes).toEqual([]);
  });
});
