import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrivateRedis, type PrivateRedis } from "../../test/private-redis.js";
import { createMemoryPresenceStore, createRedisPresenceStore, type PresenceStore } from "./presence.js";

/*
 * Everyone online now (listOnline, the listings' "sellers online now" filter) on each store. The Redis one may be
 * shared with other runs, so each test looks only for its own users in the answer.
 */

const redisUrl = process.env.TEST_REDIS_URL;
const silent = { error: () => undefined };

const stores: Array<[string, () => Promise<PresenceStore>, boolean]> = [
  ["memory", async () => createMemoryPresenceStore(), true],
  // Runs where a Redis server is given (as in CI); the memory store covers the same rules everywhere.
  ["redis", () => createRedisPresenceStore(redisUrl!, silent), redisUrl !== undefined],
];

describe.each(stores)("everyone online on the %s store", (_name, createStore, available) => {
  let store: PresenceStore;
  beforeAll(async () => {
    if (available) store = await createStore();
  });
  afterAll(() => store?.close());

  it.runIf(available)(
    "lists a user while any of their sockets is connected, once, and not after the last",
    async () => {
      const [twoTabs, oneTab, neverCame] = [randomUUID(), randomUUID(), randomUUID()];
      await store.add(twoTabs, "tab-1");
      await store.add(twoTabs, "tab-2");
      await store.add(oneTab, "tab-1");
      let online = await store.listOnline();
      expect(online.filter((userId) => userId === twoTabs)).toHaveLength(1);
      expect(online).toContain(oneTab);
      expect(online).not.toContain(neverCame);

      await store.remove(twoTabs, "tab-1");
      await store.remove(oneTab, "tab-1");
      online = await store.listOnline();
      expect(online).toContain(twoTabs);
      expect(online).not.toContain(oneTab);

      await store.remove(twoTabs, "tab-2");
      expect(await store.listOnline()).not.toContain(twoTabs);
    },
  );
});

describe.runIf(redisUrl !== undefined)("everyone online over two instances sharing Redis", () => {
  let a: PresenceStore;
  let b: PresenceStore;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      createRedisPresenceStore(redisUrl!, silent),
      createRedisPresenceStore(redisUrl!, silent),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it("lists a user connected to either, until their last socket anywhere closes", async () => {
    const user = randomUUID();
    await a.add(user, "on-a");
    expect(await b.listOnline()).toContain(user);
    await b.add(user, "on-b");
    await a.remove(user, "on-a");
    expect(await a.listOnline()).toContain(user);
    await b.remove(user, "on-b");
    expect(await a.listOnline()).not.toContain(user);
    expect(await b.listOnline()).not.toContain(user);
  });
});

describe.runIf(redisUrl !== undefined)("everyone online while Redis is down", () => {
  let redis: PrivateRedis;
  let a: PresenceStore;
  let b: PresenceStore;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    [a, b] = await Promise.all([
      createRedisPresenceStore(redis.url, silent),
      createRedisPresenceStore(redis.url, silent),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.close();
  });

  it("answers from the instance's own sockets instead of failing", async () => {
    const [onA, onB] = [randomUUID(), randomUUID()];
    await a.add(onA, "socket");
    await b.add(onB, "socket");
    expect(await a.listOnline()).toEqual(expect.arrayContaining([onA, onB]));

    await redis.stop();
    expect(await a.listOnline()).toEqual([onA]);
    expect(await b.listOnline()).toEqual([onB]);
  });
});
