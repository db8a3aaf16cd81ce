import type { ChatMessage } from "@lootlane/contract";
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
