import { randomUUID } from "node:crypto";
import { createClient } from "redis";
import { redisOrLocal, type RedisErrorLog } from "../redis/redis-or-local.js";

/**
 * Who is online: a user is online while at least one of their sockets is connected, on any instance.
 * `add` and `remove` say whether the call changed that, so exactly one caller reports each transition.
 */
export type PresenceStore = {
  /**
   * Counts a connected socket and answers how many the user has now, this one included: 1 when they just came
   * online. Adding and counting are one step, so of parallel handshakes each sees a different count.
   */
  add(userId: string, socketId: string): Promise<number>;
  /** Forgets a socket; true when it was the user's last, i.e. they just went offline. */
  remove(userId: string, socketId: string): Promise<boolean>;
  /** Which of these users are online now. */
  online(userIds: readonly string[]): Promise<Set<string>>;
  /** Everyone online now, in no order: a listing's "sellers online now" filter (issue 21). */
  listOnline(): Promise<string[]>;
  close(): Promise<void>;
};

/** One instance: the sockets of this process are all there is. */
export function createMemoryPresenceStore(): PresenceStore {
  const sockets = new Map<string, Set<string>>();
  return {
    async add(userId, socketId) {
      const own = sockets.get(userId) ?? new Set<string>();
      own.add(socketId);
      sockets.set(userId, own);
      return own.size;
    },
    async remove(userId, socketId) {
      const own = sockets.get(userId);
      if (!own?.delete(socketId)) return false;
      if (own.size > 0) return false;
      sockets.delete(userId);
      return true;
    },
    async online(userIds) {
      return new Set(userIds.filter((userId) => sockets.has(userId)));
    },
    async listOnline() {
      return [...sockets.keys()];
    },
    async close() {
      sockets.clear();
    },
  };
}

/*
 * Several instances: each user has a sorted set of "<instance>:<socket>" whose scores are lease ends. Every
 * instance renews the leases of its own sockets, so the sockets of an instance that died without saying
 * goodbye stop counting when their leases run out instead of keeping their users online forever.
 *
 * One more sorted set holds every user with a lease, scored by the latest end of any of their leases, written with
 * each lease. It only ever names who may be online: a user whose last socket closed stays in it until that lease
 * would have ended, and listOnline checks each name against the user's own set. Nothing removes a name early, so
 * no disconnect on one instance racing a connect on another can drop a user who is online.
 */
const LEASE_MS = 60_000;
const RENEW_EVERY_MS = 20_000;
const keyOf = (userId: string) => `lootlane:presence:${userId}`;
const CANDIDATES_KEY = "lootlane:presence-candidates";

/**
 * Presence shared by every instance through Redis. Connects before returning, so a wrong REDIS_URL stops the boot.
 *
 * While Redis is unreachable each instance answers from its own sockets: the users connected to it still show
 * online and still get their online/offline events, and nothing waits on Redis or fails because of it. When
 * Redis is back the leases of this instance's sockets are written again at once (a restarted Redis has lost them).
 */
export async function createRedisPresenceStore(url: string, log: RedisErrorLog): Promise<PresenceStore> {
  const client = createClient({ url, disableOfflineQueue: true });
  client.on("error", (error: unknown) => log.error({ err: error }, "presence Redis connection error"));
  await client.connect();

  const instance = randomUUID();
  // This instance's sockets, to renew their leases and to answer from while Redis is down.
  const local = new Map<string, Set<string>>();
  const member = (socketId: string) => `${instance}:${socketId}`;

  const shared = redisOrLocal(client, log, "presence Redis command failed; answering from this instance's sockets");

  const renew = async () => {
    const leaseEnd = Date.now() + LEASE_MS;
    const batch = client.multi();
    for (const [userId, socketIds] of local) {
      for (const socketId of socketIds) batch.zAdd(keyOf(userId), { score: leaseEnd, value: member(socketId) });
      batch.pExpire(keyOf(userId), LEASE_MS);
      batch.zAdd(CANDIDATES_KEY, { score: leaseEnd, value: userId }, { comparison: "GT" });
    }
    if (local.size > 0) await batch.exec();
  };
  const renewLogged = () =>
    void renew().catch((error: unknown) => log.error({ err: error }, "presence lease renewal failed"));
  const timer = setInterval(renewLogged, RENEW_EVERY_MS);
  timer.unref();
  // The first "ready" was the connect above; later ones follow a reconnect.
  client.on("ready", renewLogged);

  /** Those of `userIds` with a socket whose lease has not ended, asked in one round trip. */
  const withLiveLease = async (userIds: readonly string[]) => {
    if (userIds.length === 0) return [];
    const now = Date.now();
    const batch = client.multi();
    for (const userId of userIds) batch.zCount(keyOf(userId), now, "+inf");
    const counts = await batch.exec();
    return userIds.filter((_, index) => Number(counts[index]) > 0);
  };

  return {
    async add(userId, socketId) {
      const own = local.get(userId) ?? new Set<string>();
      own.add(socketId);
      local.set(userId, own);
      const now = Date.now();
      return shared(
        async () => {
          // One MULTI: drop dead leases, add ours, count. Only the call that finds exactly one live socket is the first.
          const replies = await client
            .multi()
            .zRemRangeByScore(keyOf(userId), "-inf", now)
            .zAdd(keyOf(userId), { score: now + LEASE_MS, value: member(socketId) })
            .pExpire(keyOf(userId), LEASE_MS)
            .zCard(keyOf(userId))
            .zAdd(CANDIDATES_KEY, { score: now + LEASE_MS, value: userId }, { comparison: "GT" })
            .exec();
          return Number(replies[3]);
        },
        () => own.size,
      );
    },
    async remove(userId, socketId) {
      const own = local.get(userId);
      const wasLocal = own?.delete(socketId) ?? false;
      if (own?.size === 0) local.delete(userId);
      return shared(
        async () => {
          const replies = await client
            .multi()
            .zRem(keyOf(userId), member(socketId))
            .zRemRangeByScore(keyOf(userId), "-inf", Date.now())
            .zCard(keyOf(userId))
            .exec();
          // Only the call that removed the last live socket reports the user offline.
          return Number(replies[0]) === 1 && Number(replies[2]) === 0;
        },
        () => wasLocal && !local.has(userId),
      );
    },
    async online(userIds) {
      if (userIds.length === 0) return new Set();
      return shared(
        async () => new Set(await withLiveLease(userIds)),
        () => new Set(userIds.filter((userId) => local.has(userId))),
      );
    },
    async listOnline() {
      return shared(
        async () => {
          const now = Date.now();
          await client.zRemRangeByScore(CANDIDATES_KEY, "-inf", now);
          return withLiveLease(await client.zRangeByScore(CANDIDATES_KEY, now, "+inf"));
        },
        () => [...local.keys()],
      );
    },
    async close() {
      clearInterval(timer);
      await client.close();
    },
  };
}
