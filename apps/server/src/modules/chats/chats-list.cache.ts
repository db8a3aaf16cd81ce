import type { Db } from "../../db/client.js";
import { createDependentCache, type DependentCache } from "../../platform/cache/dependent-cache.js";
import type { ChangeFollowing } from "../../platform/cache/follow-changes.js";
import { onSellerProductsChange } from "../products/products.events.js";
import { onUserRowChange } from "../users/users.events.js";
import { onChatListChange } from "./chats.events.js";
import { chatRowsOf, type ChatRow } from "./chats.service.js";

/*
 * Each member's chat list (GET /chats/) answered from memory (issue 24): the chats page and every tab's chat menu
 * read it. A list is built from three modules' rows, and forgotten when any of them changes (dependent-cache.ts):
 * one of its chats or their messages, a new chat of the member's (chats.events.ts), another member's row (their
 * name, picture, last seen; users.events.ts), a product of a chat's seller (products.events.ts). Who is online is
 * looked up on every answer.
 */

/** What a lost invalidation (Redis unreachable) can leave stale: as long as "who am I". */
const TTL_MS = 10_000;
/** A list is some hundred bytes a chat: every member signed in at once on an instance. */
const MAX_MEMBERS = 20_000;

export type ChatListCache = DependentCache<ChatRow[]>;

export function createChatListCache(db: Db, following: ChangeFollowing): Promise<ChatListCache> {
  return createDependentCache(
    "chat-list",
    (onChange) => {
      const stops = [
        onChatListChange(db, (change) =>
          onChange("chatId" in change ? `chat:${change.chatId}` : `member:${change.memberId}`),
        ),
        onUserRowChange(db, (userId) => onChange(`user:${userId}`)),
        onSellerProductsChange(db, (sellerId) => onChange(`products:${sellerId}`)),
      ];
      return () => stops.forEach((stop) => stop());
    },
    async (memberId) => {
      const rows = await chatRowsOf(db, memberId);
      const dependsOn = new Set([`member:${memberId}`, `products:${memberId}`]);
      for (const row of rows) {
        dependsOn.add(`chat:${row.chat.id}`).add(`user:${row.other.id}`).add(`products:${row.chat.sellerId}`);
      }
      return { value: rows, dependsOn: [...dependsOn] };
    },
    { ttlMs: TTL_MS, maxEntries: MAX_MEMBERS, ...following },
  );
}
