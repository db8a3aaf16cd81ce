import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { deals, reviews } from "../../db/schema/deals.js";
import { users, type User as UserRow } from "../../db/schema/users.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { PresenceStore } from "../../platform/realtime/presence.js";

/*
 * What tells a buyer whether to trust a seller (issue 19): deals completed, reviews counted, rating, presence and
 * membership. Counted beside the user's row in the statement that reads it: the product page asks on every view.
 */

/** A seller's stats as the answers show them. */
export type SellerStatsView = Pick<UserRow, "rating" | "createdAt" | "lastSeenAt"> & {
  completedDeals: number;
  reviewsCount: number;
  isOnline: boolean;
};

export type OnlineUsers = Pick<PresenceStore, "online">;

// A statement that reads users alone has drizzle write the columns inside its selected SQL without their table, so
// a correlated subquery names the outer row's table itself: a bare "id" would be the subquery's own.
const outerUserId = sql`${users}.${sql.identifier(users.id.name)}`;

/**
 * The counts, per user row of the statement they are selected in. Each walks only the seller's own rows of an
 * index that leads with seller_id (deals and reviews by seller, newest first), never the whole table.
 */
export const sellerCounts = {
  completedDeals: sql<number>`(select count(*)::int from ${deals} d where d.seller_id = ${outerUserId} and d.status = 'completed')`,
  // The reviews the rating is the average of: reviews.service.ts leaves out linked accounts and small deals.
  reviewsCount: sql<number>`(select count(*)::int from ${reviews} r where r.seller_id = ${outerUserId} and r.not_counted_reason is null)`,
};

/** A seller's stats but their presence: what users-stats.cache.ts keeps. */
export type SellerRecord = Omit<SellerStatsView, "isOnline">;

/** A seller's stats but their presence, in one query. */
export async function loadSellerRecord(db: Db, sellerId: string): Promise<SellerRecord> {
  const [row] = await db
    .select({ rating: users.rating, createdAt: users.createdAt, lastSeenAt: users.lastSeenAt, ...sellerCounts })
    .from(users)
    .where(eq(users.id, sellerId));
  if (!row) throw new AppError("USER_NOT_FOUND");
  return row;
}

/** A seller's stats: one query, and the presence lookup beside it rather than after it. */
export async function loadSellerStats(db: Db, presence: OnlineUsers, sellerId: string): Promise<SellerStatsView> {
  const [row, online] = await Promise.all([loadSellerRecord(db, sellerId), presence.online([sellerId])]);
  return { ...row, isOnline: online.has(sellerId) };
}
