import type { RateLimitRule } from "../../platform/rate-limit/rate-limiter.js";

const MINUTE = 60_000;

/**
 * Per-user limits of the chat socket's events besides `send_message` (MESSAGE_RATE), counted over all of the
 * user's sockets and instances. Each is several times what the web app sends: it sends `typing` at most every
 * couple of seconds, joins a chat when one is opened and marks it read as messages arrive.
 */
export const CHAT_SOCKET_LIMITS = {
  /** Over the limit a `typing` is dropped: a hint that nobody misses has no answer to give. */
  typing: { name: "chat-typing:user", max: 40, windowMs: MINUTE },
  /** A database read each; over the limit answered by `join_room_error` TOO_MANY_REQUESTS. */
  joinRoom: { name: "chat-join:user", max: 60, windowMs: MINUTE },
  /** A database write each; over the limit dropped like any refused `mark_read`. */
  markRead: { name: "chat-mark-read:user", max: 60, windowMs: MINUTE },
} as const satisfies Record<string, RateLimitRule>;
