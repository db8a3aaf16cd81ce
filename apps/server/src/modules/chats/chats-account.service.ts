import { DELETED_ACCOUNT_MESSAGE_TEXT } from "@lootlane/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { messages, type MessageAttachment } from "../../db/schema/chats.js";
import { chatContentChanged } from "./chats.events.js";

/**
 * A deleted account's chat messages: each keeps its place in the chat (the other member's replies still read in
 * order) but its text becomes a neutral marker and its images go. In the deletion's transaction; answers the
 * dropped attachments, whose files the caller removes once it has committed.
 */
export async function blankMessagesOf(tx: Db, senderId: string): Promise<MessageAttachment[]> {
  const withImages = await tx
    .select({ attachments: messages.attachments })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), sql`jsonb_array_length(${messages.attachments}) > 0`));
  const blanked = await tx
    .selectDistinct({ chatId: messages.chatId })
    .from(messages)
    .where(eq(messages.senderId, senderId));
  await tx
    .update(messages)
    .set({ text: DELETED_ACCOUNT_MESSAGE_TEXT, attachments: sql`'[]'::jsonb` })
    .where(eq(messages.senderId, senderId));
  for (const { chatId } of blanked) chatContentChanged(tx, chatId);
  return withImages.flatMap((row) => row.attachments);
}
