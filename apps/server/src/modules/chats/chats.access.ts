import type { Chat } from "../../db/schema/chats.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { Viewer } from "../users/users.service.js";

/*
 * Who may do what with a chat (ARCHITECTURE.md §4 "Chats"), in one place for REST and the socket.
 * Its two members read and write; admins read any chat and write in one not theirs only while a deal in it is
 * disputed (postTarget in chats-messages.service.ts); anyone else is told CHAT_NOT_FOUND, so chat ids reveal
 * nothing.
 */

export type ChatMembers = Pick<Chat, "buyerId" | "sellerId">;

export function isMember(chat: ChatMembers, userId: string): boolean {
  return chat.buyerId === userId || chat.sellerId === userId;
}

/** Reading messages and joining the room. */
export function ensureMayRead(chat: ChatMembers | undefined, viewer: NonNullable<Viewer>): asserts chat is ChatMembers {
  if (!chat) throw new AppError("CHAT_NOT_FOUND");
  if (!isMember(chat, viewer.id) && viewer.role !== "admin") throw new AppError("CHAT_NOT_FOUND");
}

/** Acting as a member (marking read): members only; an admin who may read it is told why they cannot. */
export function ensureMayWrite(
  chat: ChatMembers | undefined,
  viewer: NonNullable<Viewer>,
): asserts chat is ChatMembers {
  ensureMayRead(chat, viewer);
  if (!isMember(chat, viewer.id)) throw new AppError("INSUFFICIENT_PERMISSIONS");
}
