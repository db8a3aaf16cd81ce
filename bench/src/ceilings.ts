import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { type ChatMessage, type ClientToServerEvents, type ServerToClientEvents, chatEvents } from "@lootlane/contract";
import Fastify, { type FastifyInstance } from "fastify";
import { Server } from "socket.io";
import { inspectFlag } from "./inspector-gc.js";

const item = {
  type: "object",
  properties: {
    id: { type: "string" },
    title: { type: "string" },
    price: { type: "number" },
    seller: { type: "object", properties: { username: { type: "string" }, rating: { type: "number" } } },
  },
} as const;

const items = Array.from({ length: 30 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  title: `Item number ${i} with a realistic title`,
  price: 100 + i,
  seller: { username: "seller", rating: 5 },
}));

/** C_hello: a bare Fastify route returning a 30-item JSON through a response schema — the ceiling for listings. */
export async function startHelloCeiling(): Promise<{ url: string; close: () => Promise<void> }> {
  const app: FastifyInstance = Fastify({ logger: false });
  app.get(
    "/hello",
    { schema: { response: { 200: { type: "object", properties: { products: { type: "array", items: item } } } } } },
    async () => ({
      products: items,
    }),
  );
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return { url: `${address}/hello`, close: () => app.close() };
}

/**
 * C_socket: a bare Socket.IO server speaking the chat protocol of the contract — `join_room` joins the room
 * asked for, `send_message` is acknowledged and echoed to the room as a `new_message` of the real shape — with
 * no auth, validation or database, so it is the ceiling of the socket scenario. It runs in its own process,
 * as the real server does, so it does not share an event loop with the bench's clients.
 */
export async function listenSocketCeiling(): Promise<{ port: number; close: () => Promise<void> }> {
  const httpServer = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(httpServer, {
    transports: ["websocket"],
    serveClient: false,
  });
  io.on("connection", (socket) => {
    const userId = randomUUID();
    socket.on(chatEvents.joinRoom, ({ chat_id }) => {
      void socket.join(chat_id);
      socket.emit(chatEvents.joinRoomSuccess, { room: chat_id });
    });
    socket.on(chatEvents.sendMessage, ({ chat_id, message }, ack) => {
      const stored: ChatMessage = {
        id: randomUUID(),
        chat_room_id: chat_id,
        sender_id: userId,
        sender_username: "ceiling",
        text: message,
        message_type: "text",
        is_read: false,
        created_at: new Date().toISOString(),
        product: null,
        off_platform: [],
        attachments: [],
        from_admin: false,
      };
      ack?.({ ok: true, message: stored });
      io.to(chat_id).emit(chatEvents.newMessage, stored);
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => void io.close(() => resolve())) };
}

/**
 * Starts C_socket in a child process (socket-ceiling-process.ts) with its inspector on `inspectorPort`, and answers
 * its URL and pid (for its memory).
 */
export async function startSocketCeiling(
  inspectorPort: number,
): Promise<{ url: string; pid: number; close: () => Promise<void> }> {
  const child = fork(fileURLToPath(new URL("./socket-ceiling-process.ts", import.meta.url)), {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    // Its heap is read and collected for the idle-socket row, as the server's is.
    execArgv: [...process.execArgv, inspectFlag(inspectorPort)],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message: { port: number }) => resolve(message.port));
    child.once("exit", (code) => reject(new Error(`the socket ceiling exited with ${code} before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    close: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
