import { randomBytes } from "node:crypto";
import type { ChatListItem } from "@lootlane/contract";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import { createTestGame, createTestProduct } from "../../test/test-catalog.js";
import { connectAs, nextEvent, sendMessage, startChatServer, type ChatServer } from "../../test/test-chats.js";
import { createTestDatabase } from "../../test/test-database.js";
import { createTestUser, signInAs } from "../../test/test-users.js";

/*
 * The bell live on every instance: instances behind a load balancer share PostgreSQL and Redis, a user's tabs may
 * be on any of them, and the delivery job runs on whichever instance claims it. Neither instance polls the queue
 * here; the test runs it on the instance it names.
 */

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const redisUrl = process.env.TEST_REDIS_URL;
const sharedDatabase = process.env.TEST_DB_DRIVER === "postgres";

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

describe.runIf(redisUrl !== undefined && sharedDatabase)("two instances on one PostgreSQL and Redis", () => {
  it("shows a notification made and delivered on instance A to the user's tab on B, and the read count after", async () => {
    const db = await database();
    const config: Partial<Config> = {
      jwtSecret: randomBytes(32).toString("hex"),
      dataKey: randomBytes(32),
      redisUrl,
      jobsPollMs: 24 * 3_600_000,
    };
    const a = await server(db, config);
    const b = await server(db, config);
    const suffix = randomBytes(3).toString("hex");
    const seller = await createTestUser(db.db, { username: `nin_s_${suffix}` });
    const buyer = await createTestUser(db.db, { username: `nin_b_${suffix}` });
    const product = await createTestProduct(
      { database: db, config: { dataKey: config.dataKey! } as Config },
      { sellerId: seller.id, categoryId: (await createTestGame(db.db)).id, title: "Listing on two instances" },
    );
    const buyerOnA = await signInAs(a.app, buyer);
    const chat = (await buyerOnA.post("/v1/chats/", { product_id: product.id })).json() as ChatListItem;
    const sellerOnB = await signInAs(b.app, seller);
    const sellerTab = await connectAs(b.url, sellerOnB);
    cleanup.push(async () => void sellerTab.close());
    const buyerTab = await connectAs(a.url, buyerOnA);
    cleanup.push(async () => void buyerTab.close());

    const first = nextEvent(sellerTab, "notification");
    expect(await sendMessage(buyerTab, chat.id, "Hello from instance A")).toMatchObject({ ok: true });
    expect(await a.app.jobs.runDue()).toBeGreaterThan(0);
    expect(await first).toMatchObject({
      notification: {
        event: "chat_message",
        count: 1,
        params: { chat_id: chat.id, product_title: "Listing on two instances", text: "Hello from instance A" },
      },
      unread_count: 1,
    });

    const second = nextEvent(sellerTab, "notification");
    expect(await sendMessage(buyerTab, chat.id, "Still there?")).toMatchObject({ ok: true });
    await a.app.jobs.runDue();
    expect(await second).toMatchObject({
      notification: { count: 2, params: { text: "Still there?" } },
      unread_count: 1,
    });

    // Read on A (another of the seller's devices): the tab on B follows.
    const read = nextEvent(sellerTab, "notifications_read");
    const sellerOnA = await signInAs(a.app, seller);
    expect((await sellerOnA.post("/v1/notifications/read", { all: true })).json()).toEqual({ unread_count: 0 });
    expect(await read).toEqual({ unread_count: 0 });
  });
});
