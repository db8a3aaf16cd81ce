import type { SellerStats } from "@lootlane/contract";

/** A seller's stats: a member since January 2025 rated 4.5, with no deals or reviews yet and offline, unless told. */
export function makeSellerStats(overrides: Partial<SellerStats> = {}): SellerStats {
  return {
    completed_deals: 0,
    reviews_count: 0,
    rating: 4.5,
    is_online: false,
    last_seen: null,
    member_since: "2025-01-15T10:00:00.000Z",
    ...overrides,
  };
}
