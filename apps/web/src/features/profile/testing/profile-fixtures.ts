import type { PublicProfile, User } from "@lootlane/contract";

/** The user as anyone else sees them: the public fields only (SPEC §3). */
export function publicProfileOf(user: User): PublicProfile {
  const { username, avatar_url, description, is_active, is_banned, rating, created_at } = user;
  return { username, avatar_url, description, is_active, is_banned, rating, created_at };
}
