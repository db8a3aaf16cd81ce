import type { ApiScope, ApiToken } from "@lootlane/contract";
import type { ApiTokenRow } from "../../db/schema/users.js";

/** A token as its owner sees it in the list: never the token, nor its hash. */
export function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiScope[],
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
