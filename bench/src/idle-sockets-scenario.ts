import { setTimeout as sleep } from "node:timers/promises";
import { type ManagerOptions, type Socket, type SocketOptions, io } from "socket.io-client";
import { loopbackAddress } from "./loopback-session.js";
import { residentBytes } from "./process-memory.js";

export type IdleSocketsResult = {
  name: string;
  sockets: number;
  /** Resident memory of the process, in bytes: settled before, with every socket connected, and after they left. */
  before: number;
  connected: number;
  after: number;
  /** (connected − before) / sockets. */
  bytesPerConnection: number;
  connectSeconds: number;
};

/** Handshakes at once: enough to connect 10,000 in seconds, few enough not to time out on a busy machine. */
const CONNECT_BATCH = 200;
/** How long the process is left alone before it is sampled, for the allocations of the last step to settle. */
const SETTLE_MS = 3_000;
/** Samples a second apart whose median is the reading: RSS moves by tens of MiB as the GC runs. */
const SAMPLES = 5;
/**
 * After the sockets leave, memory is sampled once a second for this long and the lowest sample kept: the
 * server's GC cannot be forced from outside, so memory gets a few collections' time to come back.
 */
const RELEASE_MS = 8_000;
const CONNECT_TIMEOUT_MS = 20_000;

/**
 * Connects `count` idle sockets over the websocket transport to the process `pid` listening at `url`, each with
 * one of `cookies` (round robin; none for the ceiling), and reads the process's resident memory before, with and
 * after them, on a second round after an unmeasured first. Each socket leaves from its own loopback address (loopbackAddress), so 10,000 connections and the
 * TIME_WAIT of earlier ones do not run out of ephemeral ports on 127.0.0.1.
 */
export async function runIdleSockets(
  name: string,
  url: string,
  pid: number,
  count: number,
  cookies: string[],
): Promise<IdleSocketsResult> {
  const sockets: Socket[] = [];
  const connectAll = async () => {
    for (let start = 0; start < count; start += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - start) }, (_, i) => start + i);
      sockets.push(
        ...(await Promise.all(
          batch.map((index) => connect(url, index, cookies.length > 0 ? cookies[index % cookies.length] : undefined)),
        )),
      );
    }
  };
  try {
    // A first round, not measured: an idle process never collects the garbage of the load before it, so without
    // it the handshakes' allocations set off that collection and memory seems to shrink as sockets connect.
    await connectAll();
    for (const socket of sockets.splice(0)) socket.disconnect();
    await sleep(SETTLE_MS);
    const before = await medianResident(pid);
    const began = performance.now();
    await connectAll();
    const connectSeconds = (performance.now() - began) / 1000;
    await sleep(SETTLE_MS);
    const connected = await medianResident(pid);
    for (const socket of sockets.splice(0)) socket.disconnect();
    let after = Number.POSITIVE_INFINITY;
    for (let waited = 0; waited < RELEASE_MS; waited += 1000) {
      await sleep(1000);
      after = Math.min(after, await residentBytes(pid));
    }
    return {
      name,
      sockets: count,
      before,
      connected,
      after,
      bytesPerConnection: (connected - before) / count,
      connectSeconds,
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

async function medianResident(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    if (i > 0) await sleep(1000);
    samples.push(await residentBytes(pid));
  }
  return samples.sort((a, b) => a - b)[Math.floor(SAMPLES / 2)]!;
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
