import { createHash, randomBytes } from "node:crypto";
import {
  API_TOKEN_PREFIX,
  API_TOKENS_PER_USER_MAX,
  type ApiScope,
  type createApiTokenRequestSchema,
} from "@lootlane/contract";
import { and, asc, count, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { apiTokens, users, type ApiTokenRow } from "../../db/schema/users.js";
import { AppError } from "../errors/app-error.js";
import type { Clock } from "../time/clock.js";
import { sessionsChanged } from "./sessions.events.js";

/*
 * Personal access tokens of the seller API (issue 25). A token is 256 random bits after a recognisable prefix;
 * only its SHA-256 is stored, as for refresh tokens. Created, listed and revoked by their owner with a session
 * (never with a token: the guards refuse routes without an `apiScope`); checked by the authenticator.
 */

const DAY_MS = 24 * 3600_000;
/** `last_used_at` is written at most this often per token: the list shows it to the minute. */
const LAST_USE_RESOLUTION_MS = 60_000;
/** What the list shows of a token: the prefix and a few characters, enough to tell tokens apart. */
const SHOWN_CHARS = API_TOKEN_PREFIX.length + 6;

export const hashApiToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether a bearer credential is one of ours at all, before any lookup. */
export const looksLikeApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX) && token.length < 200;

/** A new token for its owner: answered once, stored hashed. At most API_TOKENS_PER_USER_MAX live at a time. */
export async function createApiToken(
  db: Db,
  clock: Clock,
  userId: string,
  input: z.output<typeof createApiTokenRequestSchema>,
): Promise<{ row: ApiTokenRow; token: string }> {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const now = clock();
  return db.transaction(async (tx) => {
    // The user's row lock makes the count and the insert one step, so two requests at once cannot pass the cap.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    const [held] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), gt(apiTokens.expiresAt, now)));
    if (held!.n >= API_TOKENS_PER_USER_MAX)
      throw new AppError("API_TOKEN_LIMIT_REACHED", { max: API_TOKENS_PER_USER_MAX });
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId,
        name: input.name,
        scopes: input.scopes,
        tokenHash: hashApiToken(token),
        prefix: token.slice(0, SHOWN_CHARS),
        expiresAt: new Date(now.getTime() + input.expires_in_days * DAY_MS),
        createdAt: now,
      })
      .returning();
    return { row: row!, token };
  });
}

/** The owner's tokens, oldest first, expired ones too (until revoked), so a failing program's token can be found. */
export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(asc(apiTokens.createdAt));
}

/** Revoking deletes the token; every instance forgets it at once (sessionsChanged). Someone else's is not found. */
export async function revokeApiToken(db: Db, userId: string, tokenId: string): Promise<void> {
  const removed = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  if (removed.length === 0) throw new AppError("API_TOKEN_NOT_FOUND");
  sessionsChanged(db, userId);
}

/** A deleted account's tokens go with it, in the deletion's transaction (its row stays, anonymised). */
export async function revokeUserApiTokens(tx: Db, userId: string): Promise<void> {
  await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
}

export type ApiTokenHolder = {
  tokenId: string;
  userId: string;
  username: string;
  role: "user" | "admin";
  isBanned: boolean;
  totpEnabledAt: Date | null;
  scopes: ApiScope[];
  expiresAt: Date;
};

/** The token's row and its user, or undefined for a token nobody holds (never issued, or revoked). */
export async function findApiToken(db: Db, clock: Clock, token: string): Promise<ApiTokenHolder | undefined> {
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      userId: users.id,
      username: users.username,
      role: users.role,
      isBanned: users.isBanned,
      totpEnabledAt: users.totpEnabledAt,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashApiToken(token)))
    .limit(1);
  if (!row) return undefined;
  const now = clock();
  if (
    row.expiresAt > now &&
    (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_RESOLUTION_MS)
  )
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiTokens.id, row.tokenId),
          or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USE_RESOLUTION_MS))),
        ),
      );
  const { lastUsedAt: _lastUsedAt, ...holder } = row;
  return { ...holder, scopes: holder.scopes as ApiScope[] };
}
