import type { ChatMessage } from "@lootlane/contract";
import type { Db } from "../../db/client.js";
import type { Chat } from "../../db/schema/chats.js";
import { createDbSignal } from "../../platform/cache/db-signal.js";
import type { ChatMembers } from "./chats.access.js";

/**
 * Tells members' tabs and devices that a chat of theirs changed (new message, read, created). Never throws:
 * what it reports is already stored, so a failed notice is logged rather than failing the action.
 */
export type ChatNotifier = {
  chatChanged(chatId: string, memberIds: readonly string[]): Promise<void>;
  /**
   * A member's or an admin's message was stored (committed): everyone in the chat's room gets it (it reads the
   * same for all), and both members' lists follow.
   */
  messagePosted(chat: ChatMembers & { id: string }, message: ChatMessage): Promise<void>;
  /**
   * A deal message was stored (committed). A purchase card differs per viewer, so each member gets their own
   * on every tab (personal room) and admins reading the chat theirs; a system message is the same for all and
   * goes to the chat's room. Both members' lists follow.
   */
  dealMessagePosted(messageId: string): Promise<void>;
  /** Reading a chat read the member's notification of it (committed): the bell on every tab of theirs follows. */
  notificationsRead(userId: string): Promise<void>;
};

/*
 * The "a chat list changed" signal (db-signal.ts): each member's list is answered from memory (chats-list.cache.ts),
 * so every write to a chat or its messages says which chat once its transaction has ended (db/after-commit.ts),
 * and a new chat says whose lists gained it. What the lists show of the other members and the products follows
 * their own modules' signals.
 */

const listSignal = createDbSignal<[change: ChatListChange]>();

export type ChatListChange = { chatId: string } | { memberId: string };

/** A write in `tx` to the chat's row or its messages. */
export function chatContentChanged(tx: Db, chatId: string): void {
  listSignal.emitAfterCommit(tx, { chatId });
}

/** A chat created in `tx`: its members' lists gain it. */
export function chatOpened(tx: Db, chat: Pick<Chat, "buyerId" | "sellerId">): void {
  listSignal.emitAfterCommit(tx, { memberId: chat.buyerId });
  listSignal.emitAfterCommit(tx, { memberId: chat.sellerId });
}

/** Runs `listener` on every change above on `db` until the returned function is called. */
export const onChatListChange: (db: Db, listener: (change: ChatListChange) => void) => () => void = listSignal.listen;
