import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { sessions } from "../../db/schema/users.js";
import { signAccessToken } from "./access-token.js";

/** ARCHITECTURE.md §6: a refresh token lives 30 days; each rotation starts a new 30 days. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Who opened the session, kept on the row for the user's and support's eyes (and to spot linked accounts). */
export type SessionClient = { ip: string; userAgent: string | undefined; deviceId?: string };

export type SessionTokens = { accessToken: string; refreshToken: string; sessionId: string };

export type TokenSettings = { jwtSecret: string; now: Date };

/** Refresh tokens are stored as SHA-256: 256 random bits need no slow hash, and a database leak reveals no token. */
export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Stores a new session row and returns its tokens. Without `familyId` it is a new sign-in (a new family); with
 * one it is the next generation of that family (refresh rotation). Works inside the caller's transaction.
 */
export async function startSession(
  db: Db,
  input: { userId: string; familyId?: string; client: SessionClient },
  settings: TokenSettings,
): Promise<SessionTokens> {
  const refreshToken = randomBytes(32).toString("base64url");
  const [session] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      familyId: input.familyId ?? randomUUID(),
      refreshTokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(settings.now.getTime() + REFRESH_TOKEN_TTL_MS),
      userAgent: input.client.userAgent?.slice(0, 512),
      ip: input.client.ip,
      deviceId: input.client.deviceId,
      createdAt: settings.now,
    })
    .returning({ id: sessions.id });
  const accessToken = await signAccessToken(
    { userId: input.userId, sessionId: session!.id },
    settings.jwtSecret,
    settings.now,
  );
  return { accessToken, refreshToken, sessionId: session!.id };
}

/** A refresh rotated the session: it is revoked and names its successor, so reusing its token revokes the family. */
export async function replaceSession(db: Db, sessionId: string, replacedBy: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now, replacedBy }).where(eq(sessions.id, sessionId));
}

/** Ends every generation of one sign-in: sign-out, or a rotated refresh token presented again. */
export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/** Ends all of a user's sessions, or all but one sign-in (`exceptFamilyId`, e.g. where a password was changed). */
export async function revokeUserSessions(db: Db, userId: string, now: Date, exceptFamilyId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptFamilyId === undefined ? undefined : ne(sessions.familyId, exceptFamilyId),
      ),
    );
}
