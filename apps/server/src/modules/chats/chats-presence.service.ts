import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { chats } from "../../db/schema/chats.js";
import { users } from "../../db/schema/users.js";
import { recordLastSeen } from "../users/users.service.js";

/**
 * A user came online or went offline: going offline stores the last-seen time. Answers the users who share a
 * chat with them, who are the ones to tell, and the user's name for the event.
 */
export async function recordPresence(
  db: Db,
  userId: string,
  online: boolean,
  at: Date,
): Promise<{ username: string; lastSeen: Date | null; watchers: string[] }> {
  const username = online
    ? (await db.select({ username: users.username }).from(users).where(eq(users.id, userId)))[0]?.username
    : await recordLastSeen(db, userId, at);
  const partners = await db
    .selectDistinct({
      id: sql<string>`case when ${chats.buyerId} = ${userId} then ${chats.sellerId} else ${chats.buyerId} end`,
    })
    .from(chats)
    .where(or(eq(chats.buyerId, userId), eq(chats.sellerId, userId)));
  return {
    username: username ?? "",
    lastSeen: online ? null : at,
    watchers: partners.map((partner) => partner.id),
  };
}
