import { performance } from "node:perf_hooks";
import {
  type ChatMessage,
  type ClientToServerEvents,
  type SendMessageAck,
  type ServerToClientEvents,
  chatEvents,
} from "@lootlane/contract";
import { type Socket, io } from "socket.io-client";
import { percentile } from "./percentile.js";

/** One connected member: the chat (room) they join and, for the real server, their access-token cookie. */
export type SocketMember = { chatId: string; cookie?: string };

/** A steady load: every member sends `ratePerMember` messages a second; the first `warmupSeconds` are not counted. */
export type SocketLoad = { ratePerMember: number; seconds: number; warmupSeconds: number };

export type SocketResult = {
  name: string;
  members: number;
  ratePerMember: number;
  offeredPerSecond: number;
  deliveredPerSecond: number;
  p50: number;
  p99: number;
  /** Counted messages stored (not refused) that the other member did not receive within the drain time. */
  lost: number;
  /** Refused sends by error code, and acknowledgements that never came. */
  errors: Record<string, number>;
};

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

type Sent = { sender: number; sentAt: number; counted: boolean };

/** The spec's connect timeout (SPEC.md §7 realtime socket). */
const CONNECT_TIMEOUT_MS = 20_000;
/** How long an unanswered send waits for its acknowledgement before it counts as an error. */
const ACK_TIMEOUT_MS = 10_000;
/** After the last send, how long deliveries still in flight are awaited before the rest count as lost. */
const DRAIN_MS = 5_000;
/** Handshakes at once: all members at once would measure a connection storm, not messaging. */
const CONNECT_BATCH = 50;

/**
 * Connects every member over the websocket transport (with their cookie, as a browser would send it), joins
 * their chat, then has each send at a steady rate, open loop — a send never waits for the previous one, so a
 * slow server shows as latency and loss instead of silently lowering the load. Latency is send → `new_message`
 * received by the other member of the chat; both sockets live in this process, so one clock measures it.
 */
export async function runSocket(
  name: string,
  url: string,
  members: SocketMember[],
  load: SocketLoad,
): Promise<SocketResult> {
  const sockets: ChatSocket[] = [];
  const sent = new Map<string, Sent>();
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const countError = (code: string) => (errors[code] = (errors[code] ?? 0) + 1);
  try {
    for (let start = 0; start < members.length; start += CONNECT_BATCH) {
      const batch = members.slice(start, start + CONNECT_BATCH);
      sockets.push(...(await Promise.all(batch.map((member) => connect(url, member)))));
    }
    sockets.forEach((socket, receiver) =>
      socket.on(chatEvents.newMessage, (message: ChatMessage) => {
        const entry = sent.get(message.text);
        // The room echoes a message to its sender too; only the other member's copy is a delivery.
        if (!entry || entry.sender === receiver) return;
        sent.delete(message.text);
        if (entry.counted) latencies.push(performance.now() - entry.sentAt);
      }),
    );

    const intervalMs = 1000 / load.ratePerMember;
    const began = performance.now();
    const countFrom = began + load.warmupSeconds * 1000;
    const stopAt = countFrom + load.seconds * 1000;
    const counted = { sent: 0, refused: 0 };
    await Promise.all(
      sockets.map(
        (socket, sender) =>
          new Promise<void>((resolve) => {
            // A random phase per member spreads the sends evenly instead of firing every member together.
            let next = began + Math.random() * intervalMs;
            let sequence = 0;
            const tick = () => {
              const now = performance.now();
              if (now >= stopAt) return resolve();
              const text = `bench ${sender} ${sequence++}`;
              const isCounted = now >= countFrom;
              if (isCounted) counted.sent++;
              sent.set(text, { sender, sentAt: now, counted: isCounted });
              socket
                .timeout(ACK_TIMEOUT_MS)
                .emitWithAck(chatEvents.sendMessage, { chat_id: members[sender]!.chatId, message: text })
                .then(
                  (ack: SendMessageAck) => {
                    if (ack.ok) return;
                    countError(ack.error.error_code);
                    // A refused message is never delivered: it is an error, not a loss.
                    if (isCounted) counted.refused++;
                    sent.delete(text);
                  },
                  () => countError("ACK_TIMEOUT"),
                );
              next += intervalMs;
              setTimeout(tick, Math.max(0, next - performance.now()));
            };
            setTimeout(tick, next - began);
          }),
      ),
    );
    const drainUntil = performance.now() + DRAIN_MS;
    while (performance.now() < drainUntil && [...sent.values()].some((entry) => entry.counted))
      await new Promise((resolve) => setTimeout(resolve, 50));
    const delivered = latencies.length;
    latencies.sort((a, b) => a - b);
    return {
      name,
      members: members.length,
      ratePerMember: load.ratePerMember,
      offeredPerSecond: Math.round(members.length * load.ratePerMember),
      deliveredPerSecond: Math.round(delivered / load.seconds),
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      lost: counted.sent - counted.refused - delivered,
      errors,
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

/** Connects one member and joins their chat; a refused handshake or join fails the run with the server's words. */
async function connect(url: string, member: SocketMember): Promise<ChatSocket> {
  const socket: ChatSocket = io(url, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    timeout: CONNECT_TIMEOUT_MS,
    extraHeaders: member.cookie ? { cookie: member.cookie, origin: url } : { origin: url },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", (error: Error & { data?: unknown }) =>
        reject(new Error(`socket handshake refused: ${error.message} ${JSON.stringify(error.data ?? "")}`)),
      );
    });
    await new Promise<void>((resolve, reject) => {
      socket.once(chatEvents.joinRoomSuccess, () => resolve());
      socket.once(chatEvents.joinRoomError, (error) =>
        reject(new Error(`join_room ${error.room} refused: ${error.error_code} ${error.message}`)),
      );
      socket.emit(chatEvents.joinRoom, { chat_id: member.chatId });
    });
    return socket;
  } catch (error) {
    socket.disconnect();
    throw error;
  }
}
