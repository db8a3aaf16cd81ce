import { setTimeout as sleep } from "node:timers/promises";
import { type ManagerOptions, type Socket, type SocketOptions, io } from "socket.io-client";
import type { HeapInspector } from "./inspector-gc.js";
import { loopbackAddress } from "./loopback-session.js";
import { residentBytes } from "./process-memory.js";

export type IdleSocketsResult = {
  name: string;
  sockets: number;
  /**
   * Resident memory of the process, in bytes, each read after a full collection: before, with every socket
   * connected, and after they left.
   */
  before: number;
  connected: number;
  after: number;
  /** The V8 heap in use at the same three readings. */
  heapBefore: number;
  heapConnected: number;
  heapAfter: number;
  /** (connected − before) / sockets. */
  bytesPerConnection: number;
  connectSeconds: number;
};

/** Handshakes at once: enough to connect 10,000 in seconds, few enough not to time out on a busy machine. */
const CONNECT_BATCH = 200;
/** How long the process is left alone before it is read, for the last step's work (and its frees) to end. */
const SETTLE_MS = 3_000;
/**
 * After the sockets leave, the server still has work for each (presence, the last-seen time of each user whose
 * last socket left: 2,000 writes one after another on PGlite), and holds the socket until it is done. Readings
 * are repeated until two in a row agree within this much heap, or for at most RELEASE_LIMIT_MS.
 */
const RELEASED_WITHIN_BYTES = 2 * 1024 * 1024;
const RELEASE_LIMIT_MS = 120_000;
const CONNECT_TIMEOUT_MS = 20_000;

/**
 * Connects `count` idle sockets over the websocket transport to the process `pid` listening at `url`, each with
 * one of `cookies` (round robin; none for the ceiling), and reads the process's resident memory and heap before,
 * with and after them, each after a full collection through its inspector (inspector-gc.ts): what the sockets
 * hold, and what the process keeps once they are gone and it has done what their leaving asked of it. Each socket leaves from its own loopback address
 * (loopbackAddress), so 10,000 connections and the TIME_WAIT of earlier ones do not run out of ephemeral ports.
 */
export async function runIdleSockets(
  name: string,
  url: string,
  pid: number,
  heap: HeapInspector,
  count: number,
  cookies: string[],
): Promise<IdleSocketsResult> {
  const sockets: Socket[] = [];
  const read = async () => {
    await sleep(SETTLE_MS);
    await heap.collectGarbage();
    return { rss: await residentBytes(pid), heap: await heap.heapUsed() };
  };
  try {
    const before = await read();
    const began = performance.now();
    for (let start = 0; start < count; start += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - start) }, (_, i) => start + i);
      sockets.push(
        ...(await Promise.all(
          batch.map((index) => connect(url, index, cookies.length > 0 ? cookies[index % cookies.length] : undefined)),
        )),
      );
    }
    const connectSeconds = (performance.now() - began) / 1000;
    const connected = await read();
    for (const socket of sockets.splice(0)) socket.disconnect();
    const leftAt = performance.now();
    let after = await read();
    while (performance.now() - leftAt < RELEASE_LIMIT_MS) {
      const next = await read();
      const released = Math.abs(next.heap - after.heap) <= RELEASED_WITHIN_BYTES;
      after = next;
      if (released) break;
    }
    return {
      name,
      sockets: count,
      before: before.rss,
      connected: connected.rss,
      after: after.rss,
      heapBefore: before.heap,
      heapConnected: connected.heap,
      heapAfter: after.heap,
      bytesPerConnection: (connected.rss - before.rss) / count,
      connectSeconds,
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

async function connect(url: string, index: number, cookie: string | undefined): Promise<Socket> {
  // engine.io-client hands localAddress on to the websocket's HTTP request; its types do not list it.
  const options: Partial<ManagerOptions & SocketOptions> & { localAddress: string } = {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    timeout: CONNECT_TIMEOUT_MS,
    localAddress: loopbackAddress(index),
    extraHeaders: cookie ? { cookie, origin: url } : { origin: url },
  };
  const socket = io(url, options);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", (error: Error & { data?: unknown }) =>
        reject(new Error(`idle socket ${index} refused: ${error.message} ${JSON.stringify(error.data ?? "")}`)),
      );
    });
    return socket;
  } catch (error) {
    socket.disconnect();
    throw error;
  }
}
