import { dealsQueryKey } from "./deals-query-key";

/**
 * The root of the admin's deal reads (/admin/deals pages and the chats read from there). It sits under
 * `dealsQueryKey`, so whatever moves a deal refreshes it too; a dispute opened live invalidates it directly.
 */
export const adminDealsQueryKey = [...dealsQueryKey, "admin"] as const;
