import {
  joinRoomPayloadSchema,
  markReadPayloadSchema,
  messageTextSchema,
  sendMessagePayloadSchema,
  typingPayloadSchema,
  type SendMessageAck,
  type SocketError,
} from "@lootlane/contract";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { AppError, validationError } from "../../platform/errors/app-error.js";
import { eventLoopDelayMs, watchEventLoopDelay } from "../../platform/realtime/event-loop-delay.js";
import { createInFlightLimit, type InFlightLimit } from "../../platform/realtime/in-flight-limit.js";
import { personalRoom, type Realtime, type RealtimeSocket } from "../../platform/realtime/socket-server.js";
import { announceUnreadCount } from "../notifications/notifications.service.js";
import { isMember } from "./chats.access.js";
import type { ChatNotifier } from "./chats.events.js";
import { presentChatListItem, presentMessage, presentPresence } from "./chats.presenter.js";
import { CHAT_SOCKET_LIMITS } from "./chats-socket.limits.js";
import { dealMessageViews } from "./chats-cards.service.js";
import { markChatRead, postMessage } from "./chats-messages.service.js";
import { recordPresence } from "./chats-presence.service.js";
import { chatRowsOfMembers, chatToFollow } from "./chats.service.js";
import type { ChatDeps } from "./chats.views.js";

export type ChatSocketSetup = {
  realtime: Realtime;
  deps: ChatDeps;
  cipher: DataCipher;
  log: FastifyBaseLogger;
  /** Defaults to MAX_MESSAGES_IN_FLIGHT. */
  messagesInFlight?: InFlightLimit;
};

/** The room of one chat: its members (and reading admins) who opened it get its messages live. */
const chatRoom = (chatId: string) => `chat:${chatId}`;

/**
 * Messages being stored at once in this instance; more are refused with SERVER_BUSY (in-flight-limit.ts). The
 * bench stores some 450 (PGlite) to 600 (PostgreSQL) a second on 2 CPUs, so a full house is a fifth of a second
 * of work: far above any real chat's burst, well below an acknowledgement's timeout.
 */
const MAX_MESSAGES_IN_FLIGHT = 100;

/**
 * Past this delay of the event loop, messages are refused with SERVER_BUSY however few are being stored: each was
 * read this late, and its acknowledgement would come later still, near the senders' 10 s timeout (the web app's and
 * the bench's), after which an unanswered message counts as lost. Half that timeout leaves the storing its time.
 * Two seconds also shed the crash chaos test's steady load of forty-odd clients on a slow machine, which every
 * acknowledgement then still met.
 */
const MAX_EVENT_LOOP_DELAY_MS = 5_000;

/**
 * The chat events of SPEC.md §7 on the realtime server, handled like routes: validate with the contract, call
 * the service, then emit. Every refusal of `send_message` is answered (acknowledgement, else
 * `send_message_error`); nothing is delivered that was not stored first.
 */
export function registerChatSocket({
  realtime,
  deps,
  cipher,
  log,
  messagesInFlight = createInFlightLimit(MAX_MESSAGES_IN_FLIGHT, () => eventLoopDelayMs() > MAX_EVENT_LOOP_DELAY_MS),
}: ChatSocketSetup): ChatNotifier {
  const { io } = realtime;
  watchEventLoopDelay();

  const notifier: ChatNotifier = {
    async chatChanged(chatId, memberIds) {
      try {
        // Each row is one member's: its `other` is the member it is not for.
        for (const row of await chatRowsOfMembers(deps, chatId)) {
          const memberId = row.other.id === row.chat.buyerId ? row.chat.sellerId : row.chat.buyerId;
          if (memberIds.includes(memberId))
            io.to(personalRoom(memberId)).emit("chat_updated", presentChatListItem(row));
        }
      } catch (error) {
        log.error({ err: error, chatId }, "chat_updated could not be sent");
      }
    },
    async messagePosted(chat, message) {
      io.to(chatRoom(chat.id)).emit("new_message", message);
      await notifier.chatChanged(chat.id, [chat.buyerId, chat.sellerId]);
    },
    async dealMessagePosted(messageId) {
      try {
        const { chat, buyer, seller, reader } = await dealMessageViews(deps, messageId);
        const members = [chat.buyerId, chat.sellerId];
        if (reader.message.messageType === "system") {
          io.to(chatRoom(chat.id)).emit("new_message", presentMessage(reader, "", cipher));
        } else {
          io.to(personalRoom(chat.buyerId)).emit("new_message", presentMessage(buyer, chat.buyerId, cipher));
          io.to(personalRoom(chat.sellerId)).emit("new_message", presentMessage(seller, chat.sellerId, cipher));
          io.to(chatRoom(chat.id))
            .except(members.map(personalRoom))
            .emit("new_message", presentMessage(reader, "", cipher));
        }
        await notifier.chatChanged(chat.id, members);
      } catch (error) {
        log.error({ err: error, messageId }, "a deal message could not be sent live");
      }
    },
    async notificationsRead(userId) {
      try {
        await announceUnreadCount(deps.db, realtime, userId);
      } catch (error) {
        log.error({ err: error, userId }, "notifications_read could not be sent");
      }
    },
  };

  const refusal = (socket: RealtimeSocket, error: unknown): SocketError => {
    const answer = realtime.socketError(socket, error);
    if (answer.error_code === "SERVER_ERROR" || answer.error_code === "DATABASE_ERROR")
      log.error({ err: error, userId: socket.data.user.id }, "socket event failed");
    return answer;
  };

  realtime.onPresenceChange(async ({ userId, online, at }) => {
    const { username, lastSeen, watchers } = await recordPresence(deps.db, userId, online, at);
    if (watchers.length > 0)
      io.to(watchers.map(personalRoom)).emit("presence", presentPresence(userId, username, online, lastSeen));
  });

  io.on("connection", (socket) => {
    const { user } = socket.data;
    // Chats this socket joined as a member, the ones it may show typing in without asking the database again.
    const writable = new Set<string>();

    socket.on("join_room", async (payload) => {
      const room =
        typeof (payload as { chat_id?: unknown } | undefined)?.chat_id === "string"
          ? (payload as { chat_id: string }).chat_id
          : "";
      try {
        const { chat_id } = parsePayload(joinRoomPayloadSchema, payload);
        await deps.limiter.consume(CHAT_SOCKET_LIMITS.joinRoom, user.id);
        const chat = await chatToFollow(deps, user, chat_id);
        await socket.join(chatRoom(chat_id));
        if (isMember(chat, user.id)) writable.add(chat_id);
        socket.emit("join_room_success", { room: chat_id });
      } catch (error) {
        const { error_code, error_message } = refusal(socket, error);
        socket.emit("join_room_error", { room, message: error_message, error_code });
      }
    });

    socket.on("send_message", async (payload, ack) => {
      const answer = (result: SendMessageAck) => {
        if (typeof ack === "function") ack(result);
        else if (!result.ok)
          socket.emit("send_message_error", {
            ...result.error,
            chat_id: String((payload as { chat_id?: unknown } | undefined)?.chat_id ?? ""),
          });
      };
      let sent;
      const release = messagesInFlight.tryEnter();
      try {
        const { chat_id, message } = parsePayload(sendMessagePayloadSchema, payload);
        const text = parsePayload(messageTextSchema, message, "message");
        if (release === undefined) throw new AppError("SERVER_BUSY");
        const { chat, view } = await postMessage(deps, user, chat_id, text);
        sent = { chat, message: presentMessage(view, user.id, cipher) };
      } catch (error) {
        answer({ ok: false, error: refusal(socket, error) });
        return;
      } finally {
        release?.();
      }
      io.to(chatRoom(sent.chat.id)).emit("new_message", sent.message);
      answer({ ok: true, message: sent.message });
      await notifier.chatChanged(sent.chat.id, [sent.chat.buyerId, sent.chat.sellerId]);
    });

    socket.on("typing", async (payload) => {
      const parsed = typingPayloadSchema.safeParse(payload);
      if (!parsed.success || !writable.has(parsed.data.chat_id)) return;
      try {
        await deps.limiter.consume(CHAT_SOCKET_LIMITS.typing, user.id);
      } catch (error) {
        // Over the limit it is dropped: `typing` has no answer, and answering every dropped one would be a flood too.
        refusal(socket, error);
        return;
      }
      socket
        .to(chatRoom(parsed.data.chat_id))
        .emit("typing", { chat_id: parsed.data.chat_id, user_id: user.id, username: user.username });
    });

    socket.on("mark_read", async (payload) => {
      try {
        const { chat_id } = parsePayload(markReadPayloadSchema, payload);
        await deps.limiter.consume(CHAT_SOCKET_LIMITS.markRead, user.id);
        const read = await markChatRead(deps, user, chat_id);
        if (read.markedRead) await notifier.chatChanged(chat_id, [user.id]);
        if (read.notificationRead) await notifier.notificationsRead(user.id);
      } catch (error) {
        // Nothing to answer (the event has no reply): a refused one changes nothing; our own failures are logged.
        refusal(socket, error);
      }
    });
  });

  return notifier;
}

/** The payload as the contract reads it, else a VALIDATION_ERROR naming the bad fields (`field` for a bare value). */
function parsePayload<S extends z.ZodType>(schema: S, payload: unknown, field = ""): z.output<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.map((issue) => ({ field: issue.path.join(".") || field, message: issue.message })),
  );
}
