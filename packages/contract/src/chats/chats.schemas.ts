import { z } from "zod";
import { plainText } from "../common/plain-text.js";
import { CHAT_MESSAGE_MAX } from "../common/constants.js";
import { productImageSchema, productStatusSchema, sellerSummarySchema } from "../catalog/products.schemas.js";
import { dealSchema, type Deal } from "../deals/deals.schemas.js";
import { offPlatformKindSchema } from "./off-platform.js";
import { messageAttachmentSchema } from "./chat-attachments.schemas.js";
import type { WalletChanged } from "../wallet/wallet.schemas.js";
import type { NotificationPushed, UnreadCount } from "../notifications/notifications.schemas.js";

/*
 * Chats (SPEC.md §3 chat entities, §7 Chats and the realtime socket; ARCHITECTURE.md §4 "Chats").
 * Field and event names the spec writes are kept exactly; the rest is marked "beyond the spec".
 *
 * Reading marks read: GET /chats/{id}/messages marks every message the viewer received in that chat as read
 * (members only; an admin reading someone else's chat changes nothing), and the socket event `mark_read`
 * does the same for a chat that is open while messages arrive live.
 */

export const messageTypeSchema = z.enum(["text", "purchase_info", "system"]);

/** The other member of a chat as the viewer sees them: SPEC.md §3 plus, beyond the spec, `last_seen`. */
export const chatUserSchema = z
  .object({
    username: z.string(),
    avatar_url: z.string(),
    is_online: z.boolean(),
    /** When the user's last socket closed; null when they are online or have never connected. Beyond the spec. */
    last_seen: z.iso.datetime().nullable(),
  })
  .meta({ id: "ChatUser" });

export const lastMessageSchema = z
  .object({ text: z.string(), created_at: z.iso.datetime(), message_type: messageTypeSchema })
  .meta({ id: "LastMessage" });

/**
 * What a chat is about, as its list row and header show it (beyond the spec): the chat's product as it is now,
 * whatever its status (a member keeps seeing the product of their chat). `thumbnail_url` is its first picture's
 * thumbnail, null when it has none.
 */
export const chatProductSummarySchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    /** Whole roubles. */
    price: z.number().int().positive(),
    status: productStatusSchema,
    thumbnail_url: z.string().nullable(),
  })
  .meta({ id: "ChatProductSummary" });

/**
 * SPEC.md §3 Chat list item; `last_message` is null while the chat has none. `unread_count` and `product` are
 * beyond the spec.
 */
export const chatListItemSchema = z
  .object({
    id: z.uuid(),
    another_user: chatUserSchema,
    last_message: lastMessageSchema.nullable(),
    /** Messages the viewer received in this chat and has not read yet. */
    unread_count: z.number().int().nonnegative(),
    product: chatProductSummarySchema,
  })
  .meta({ id: "ChatListItem" });

export const chatListSchema = z.array(chatListItemSchema).meta({ id: "ChatList" });

/**
 * The product card a `purchase_info` message shows (SPEC.md §3): the chat's product as it is now.
 * `product_data_string` is the goods: only the seller, admins and the buyer after purchase get it, others null.
 * `deal` (beyond the spec) is the chat's latest deal as it is now: its status drives Confirm Receipt and Report.
 */
export const chatProductCardSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    /** Whole roubles. */
    price: z.number().int().positive(),
    seller: sellerSummarySchema,
    images: z.array(productImageSchema),
    status: productStatusSchema,
    is_owner: z.boolean(),
    product_data_string: z.string().nullable(),
    deal: dealSchema.nullable(),
  })
  .meta({ id: "ChatProductCard" });

/**
 * SPEC.md §3 Chat message. `sender_id` is null for system messages; `sender_username` is beyond the spec.
 * `is_read` says whether the recipient has read it. `product` is set exactly when `message_type` is
 * `purchase_info`. Beyond the spec (issue 22): `attachments`, the images sent with it (`[]` for most messages),
 * and `from_admin`, true when a Lootlane admin wrote it in a disputed chat they are not a member of.
 */
export const chatMessageSchema = z
  .object({
    id: z.uuid(),
    chat_room_id: z.uuid(),
    sender_id: z.uuid().nullable(),
    sender_username: z.string().nullable(),
    text: z.string(),
    message_type: messageTypeSchema,
    is_read: z.boolean(),
    created_at: z.iso.datetime(),
    product: chatProductCardSchema.nullable(),
    /**
     * Beyond the spec (issue 22): the contacts or payment details outside Lootlane the text holds, found by
     * `findOffPlatformContacts` when the message is presented; empty for ordinary and system messages.
     */
    off_platform: z.array(offPlatformKindSchema),
    attachments: z.array(messageAttachmentSchema),
    from_admin: z.boolean(),
  })
  .meta({ id: "ChatMessage" });

export const chatMessageListSchema = z.array(chatMessageSchema).meta({ id: "ChatMessageList" });

export const CHAT_MESSAGES_PAGE_SIZE = 50;
export const CHAT_MESSAGES_PAGE_MAX = 100;

/**
 * GET /chats/{id}/messages: the newest `limit` messages older than the message `before` (all newest when
 * absent), answered oldest first. A page shorter than `limit` means the start of the chat was reached.
 */
export const chatMessagesQuerySchema = z.object({
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_MESSAGES_PAGE_MAX).default(CHAT_MESSAGES_PAGE_SIZE),
});

export const chatIdParamsSchema = z.object({ id: z.uuid() });

/**
 * POST /chats/ (beyond the spec): a buyer's "Message seller" on an active product of someone else. Answers the
 * chat list item, reusing the chat of (product, buyer) when there is one.
 */
export const createChatRequestSchema = z.object({ product_id: z.uuid() }).meta({ id: "CreateChatRequest" });

/** Message text as sent: trimmed, 1–2000 characters (SPEC.md §3 "at least 1 character", §5 non-blank). */
export const messageTextSchema = plainText()
  .trim()
  .min(1, "Write a message")
  .max(CHAT_MESSAGE_MAX, `At most ${CHAT_MESSAGE_MAX} characters`);

/** POST /chats/{id}/messages: a text message sent over REST (the seller API's way, and the socket's fallback). */
export const postChatMessageRequestSchema = z
  .object({ text: messageTextSchema })
  .meta({ id: "PostChatMessageRequest" });
export type PostChatMessageRequest = z.infer<typeof postChatMessageRequestSchema>;

/* Realtime socket (SPEC.md §7): Socket.IO at /socket.io, websocket transport, access-token cookie. */

/** Event names. The first five are the spec's; the rest are beyond the spec. */
export const chatEvents = {
  joinRoom: "join_room",
  joinRoomSuccess: "join_room_success",
  joinRoomError: "join_room_error",
  sendMessage: "send_message",
  newMessage: "new_message",
  /** Answer to a `send_message` that was not stored, for a client that gave no acknowledgement callback. */
  sendMessageError: "send_message_error",
  /** To the user's personal room: a chat of theirs changed (new message, read), as their list item. */
  chatUpdated: "chat_updated",
  typing: "typing",
  markRead: "mark_read",
  /** To everyone sharing a chat with the user: they came online or went offline. */
  presence: "presence",
  /** The access token of a connected socket expired; the server disconnects it. Refresh once, then reconnect. */
  sessionExpired: "session_expired",
  /** To every connected admin: a buyer reported a deal, which now waits on /admin/deals. */
  disputeOpened: "dispute_opened",
} as const;

/** Client → server `join_room`. */
export const joinRoomPayloadSchema = z.object({ chat_id: z.uuid() });
/** Server → client `join_room_success`: `room` is the chat id. */
export const joinRoomSuccessPayloadSchema = z.object({ room: z.uuid() });
/** Server → client `join_room_error`: `room` as asked; `error_code` (beyond the spec) from the error catalogue. */
export const joinRoomErrorPayloadSchema = z.object({ room: z.string(), message: z.string(), error_code: z.string() });

/** Client → server `send_message`. The text is checked with `messageTextSchema` so a refusal can be answered. */
export const sendMessagePayloadSchema = z.object({ chat_id: z.uuid(), message: z.string() });

/** A refused socket action, in the words of the error catalogue; `errors` on validation failures. */
export const socketErrorSchema = z.object({
  error_code: z.string(),
  error_message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** Acknowledgement of `send_message`: the stored message, or why nothing was stored or sent. */
export const sendMessageAckSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), message: chatMessageSchema }),
  z.object({ ok: z.literal(false), error: socketErrorSchema }),
]);

/** Server → client `send_message_error` (when `send_message` came without an acknowledgement callback). */
export const sendMessageErrorPayloadSchema = socketErrorSchema.extend({ chat_id: z.string() });

/** Client → server `typing` (send while typing, at most every couple of seconds); server → room members. */
export const typingPayloadSchema = z.object({ chat_id: z.uuid() });
export const typingEventSchema = z.object({ chat_id: z.uuid(), user_id: z.uuid(), username: z.string() });

/** Client → server `mark_read`: the viewer has seen every message of the chat; answered by `chat_updated`. */
export const markReadPayloadSchema = z.object({ chat_id: z.uuid() });

/** Server → client `presence`. */
export const presenceEventSchema = z.object({
  user_id: z.uuid(),
  username: z.string(),
  is_online: z.boolean(),
  last_seen: z.iso.datetime().nullable(),
});

/** Server → client `session_expired`, and `connect_error`'s `data` when the handshake is refused. */
export const socketAuthErrorSchema = socketErrorSchema;

export type MessageType = z.infer<typeof messageTypeSchema>;
export type ChatUser = z.infer<typeof chatUserSchema>;
export type LastMessage = z.infer<typeof lastMessageSchema>;
export type ChatProductSummary = z.infer<typeof chatProductSummarySchema>;
export type ChatListItem = z.infer<typeof chatListItemSchema>;
export type ChatProductCard = z.infer<typeof chatProductCardSchema>;
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuerySchema>;
export type CreateChatRequest = z.infer<typeof createChatRequestSchema>;
export type JoinRoomPayload = z.infer<typeof joinRoomPayloadSchema>;
export type JoinRoomSuccessPayload = z.infer<typeof joinRoomSuccessPayloadSchema>;
export type JoinRoomErrorPayload = z.infer<typeof joinRoomErrorPayloadSchema>;
export type SendMessagePayload = z.infer<typeof sendMessagePayloadSchema>;
export type SocketError = z.infer<typeof socketErrorSchema>;
export type SendMessageAck = z.infer<typeof sendMessageAckSchema>;
export type SendMessageErrorPayload = z.infer<typeof sendMessageErrorPayloadSchema>;
export type TypingPayload = z.infer<typeof typingPayloadSchema>;
export type TypingEvent = z.infer<typeof typingEventSchema>;
export type MarkReadPayload = z.infer<typeof markReadPayloadSchema>;
export type PresenceEvent = z.infer<typeof presenceEventSchema>;

/** Typed Socket.IO event maps, for `Server<ClientToServerEvents, ServerToClientEvents>` and the client socket. */
export interface ClientToServerEvents {
  join_room: (payload: JoinRoomPayload) => void;
  send_message: (payload: SendMessagePayload, ack?: (answer: SendMessageAck) => void) => void;
  typing: (payload: TypingPayload) => void;
  mark_read: (payload: MarkReadPayload) => void;
}

export interface ServerToClientEvents {
  join_room_success: (payload: JoinRoomSuccessPayload) => void;
  join_room_error: (payload: JoinRoomErrorPayload) => void;
  new_message: (message: ChatMessage) => void;
  send_message_error: (payload: SendMessageErrorPayload) => void;
  chat_updated: (chat: ChatListItem) => void;
  typing: (payload: TypingEvent) => void;
  presence: (payload: PresenceEvent) => void;
  session_expired: (payload: SocketError) => void;
  dispute_opened: (deal: Deal) => void;
  wallet_changed: (payload: WalletChanged) => void;
  notification: (payload: NotificationPushed) => void;
  notifications_read: (payload: UnreadCount) => void;
}
