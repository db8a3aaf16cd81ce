import {
  kopecksToRoubles,
  type PublicProfile,
  type SellerStats,
  type UserProfile,
  type UpdateAvatarResponse,
  type User,
} from "@lootlane/contract";
import type { User as UserRow } from "../../db/schema/users.js";
import type { SellerStatsView } from "./users-stats.service.js";

/*
 * Rows become contract objects here and nowhere else. Each field is copied by name, so a column added to the
 * table (or the password hash) can never reach a client by accident.
 */

/** The full view: only for the user themself and admins (users.service.ts decides who that is). */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    balance: kopecksToRoubles(row.balanceKopecks),
    avatar_url: row.avatarUrl,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    has_frozen_balance: row.hasFrozenBalance,
    is_banned: row.isBanned,
    is_active: row.isActive,
    rating: row.rating,
    role: row.role,
    two_factor_enabled: row.totpEnabledAt !== null,
  };
}

/** What anyone may see of a user: no e-mail, balance or frozen flag. */
export function presentPublicProfile(
  row: Pick<UserRow, "username" | "avatarUrl" | "description" | "isActive" | "isBanned" | "rating" | "createdAt">,
): PublicProfile {
  return {
    username: row.username,
    avatar_url: row.avatarUrl,
    description: row.description,
    is_active: row.isActive,
    is_banned: row.isBanned,
    rating: row.rating,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /users/{username}: the view users.service.ts chose, with the user's stats as a seller. */
export function presentProfile({
  user,
  full,
  stats,
}: {
  user: UserRow;
  full: boolean;
  stats: SellerStatsView;
}): UserProfile {
  const seller_stats = presentSellerStats(stats);
  return full ? { ...presentUser(user), seller_stats } : { ...presentPublicProfile(user), seller_stats };
}

/** A seller's stats (the product page embeds them too); the last-seen time only while they are offline. */
export function presentSellerStats(stats: SellerStatsView): SellerStats {
  return {
    completed_deals: stats.completedDeals,
    reviews_count: stats.reviewsCount,
    rating: stats.rating,
    is_online: stats.isOnline,
    last_seen: stats.isOnline || stats.lastSeenAt === null ? null : stats.lastSeenAt.toISOString(),
    member_since: stats.createdAt.toISOString(),
  };
}

export function presentAvatar(row: Pick<UserRow, "avatarUrl">): UpdateAvatarResponse {
  return { avatar_url: row.avatarUrl };
}
