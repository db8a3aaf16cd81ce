import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SocketError } from "@lootlane/contract";
import type { FastifyInstance } from "fastify";
import { io } from "socket.io-client";
import { buildApp } from "../app.js";
import { loadConfig, type Config } from "../config.js";
import type { Database } from "../db/client.js";
import { createMediaStore } from "../platform/media/media-store.js";
import type { Clock } from "../platform/time/clock.js";
import { testAppLogger } from "./log-capture.js";
import { EVENT_TIMEOUT_MS, nextEvent, type ChatSocket, type EventName, type EventPayload } from "./socket-events.js";
import type { TestClient } from "./test-client.js";

export { nextEvent, type ChatSocket };

/** How long a test watches for an event that must not come. */
export const QUIET_MS = 300;

/** Starts the app on a free port of 127.0.0.1 and answers its base URL. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  return listeningUrl(app);
}

/** The base URL of an app that listenOnFreePort started. */
export function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (typeof address !== "object" || !address) throw new Error("the app is not listening on a TCP port");
  return `http://127.0.0.1:${address.port}`;
}

export type ChatServer = { app: FastifyInstance; url: string; close(): Promise<void> };

/**
 * A listening app on a database the test owns, so a test can stop it and start another on the same data
 * (a restart) or run two at once (instances). close() stops the app only; the test closes the database.
 */
export async function startChatServer(
  database: Database,
  overrides: Partial<Config> = {},
  clock?: Clock,
): Promise<ChatServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "lootlane-chat-test-"));
  const config: Config = {
    ...loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", SEED_DEMO: "false" }),
    ...overrides,
  };
  const app = await buildApp({ config, database, media: createMediaStore(config), logger: testAppLogger(), clock });
  try {
    const url = await listenOnFreePort(app);
    return {
      app,
      url,
      close: async () => {
        await app.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** A socket like the web app's (websocket only), carrying the client's access cookie; resolves once connected. */
export async function connectAs(
  url: string,
  client: TestClient | undefined,
  headers: Record<string, string> = {},
): Promise<ChatSocket> {
  const token = client?.cookie("access_token");
  const socket: ChatSocket = io(url, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    extraHeaders: { ...(token ? { cookie: `access_token=${token}` } : {}), ...headers },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}

/** The refusal of a handshake: connect_error's message is the code, its data the catalogue's error. */
export async function refusedConnection(
  url: string,
  client: TestClient | undefined,
  headers: Record<string, string> = {},
): Promise<{ message: string; data: SocketError }> {
  try {
    const socket = await connectAs(url, client, headers);
    socket.close();
  } catch (error) {
    return error as { message: string; data: SocketError };
  }
  throw new Error("the connection was accepted");
}

/** Every `event` the socket receives from now on, to check later that none (or which) arrived. */
export function recordEvents<E extends EventName>(socket: ChatSocket, event: E): Array<EventPayload<E>> {
  const received: Array<EventPayload<E>> = [];
  socket.on(event, ((payload: EventPayload<E>) => received.push(payload)) as never);
  return received;
}

/** join_room, answered by join_room_success or join_room_error. */
export async function joinRoom(socket: ChatSocket, chatId: string) {
  const success = nextEvent(socket, "join_room_success", (payload) => payload.room === chatId);
  const failure = nextEvent(socket, "join_room_error", (payload) => payload.room === chatId);
  socket.emit("join_room", { chat_id: chatId });
  const answer = await Promise.race([
    success.then((payload) => ({ joined: true as const, payload })),
    failure.then((payload) => ({ joined: false as const, payload })),
  ]);
  // The other one never comes; keep its timeout from failing the test.
  void success.catch(() => undefined);
  void failure.catch(() => undefined);
  return answer;
}

/** send_message with an acknowledgement. */
export function sendMessage(socket: ChatSocket, chatId: string, message: string) {
  return socket.timeout(EVENT_TIMEOUT_MS).emitWithAck("send_message", { chat_id: chatId, message });
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
