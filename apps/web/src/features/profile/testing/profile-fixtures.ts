import type { OwnProfile, SellerStats, User, VisitorProfile } from "@lootlane/contract";
import { makeSellerStats } from "@/shared/trust/testing/trust-fixtures";

/** The user's stats as a seller: rated and a member as the user says, the rest as makeSellerStats unless told. */
function sellerStatsOf(user: User, overrides: Partial<SellerStats>): SellerStats {
  return makeSellerStats({ rating: user.rating, member_since: user.created_at, ...overrides });
}

/** The user's own profile (and an admin's view of it): the full user with their stats. */
export function ownProfileOf(user: User, stats: Partial<SellerStats> = {}): OwnProfile {
  return { ...user, seller_stats: sellerStatsOf(user, stats) };
}

/** The user as anyone else sees them: the public fields only (SPEC §3), with their stats. */
export function publicProfileOf(user: User, stats: Partial<SellerStats> = {}): VisitorProfile {
  const { username, avatar_url, description, is_active, is_banned, rating, created_at } = user;
  return {
    username,
    avatar_url,
    description,
    is_active,
    is_banned,
    rating,
    created_at,
    seller_stats: sellerStatsOf(user, stats),
  };
}
