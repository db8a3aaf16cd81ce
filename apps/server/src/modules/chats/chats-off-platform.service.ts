import { findOffPlatformContacts, offPlatformKindSchema, type ChatOffPlatformSummary } from "@lootlane/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { chats, messages } from "../../db/schema/chats.js";
import { AppError } from "../../platform/errors/app-error.js";

/**
 * Counts a chat's messages that hold contacts outside Lootlane, scanning them as the presenter does (the flag is
 * never stored), so a dispute shows at a glance whether the deal was pulled elsewhere.
 */
export async function chatOffPlatformSummary(db: Db, chatId: string): Promise<ChatOffPlatformSummary> {
  const [chat] = await db.select({ id: chats.id }).from(chats).where(eq(chats.id, chatId));
  if (!chat) throw new AppError("CHAT_NOT_FOUND");
  const rows = await db
    .select({ text: messages.text })
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.messageType, "text")));
  const flagged = rows.map(({ text }) => findOffPlatformContacts(text)).filter((kinds) => kinds.length > 0);
  const found = new Set(flagged.flat());
  return {
    flagged_messages: flagged.length,
    kinds: offPlatformKindSchema.options.filter((kind) => found.has(kind)),
  };
}
