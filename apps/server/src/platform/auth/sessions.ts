import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { sessions } from "../../db/schema/users.js";
import { signAccessToken } from "./access-token.js";

/** ARCHITECTURE.md §6: a refresh token lives 30 days; each rotation starts a new 30 days. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How long a rotated refresh token is still answered, with its successor, instead of counting as reuse: two
 * tabs (or their sockets expiring together) refresh with the same token at once, and both must stay signed in.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** Who opened the session, kept on the row for the user's and support's eyes (and to spot linked accounts). */
export type SessionClient = { ip: string; userAgent: string | undefined; deviceId?: string };

export type SessionTokens = { accessToken: string; refreshToken: string; sessionId: string };

export type TokenSettings = { jwtSecret: string; now: Date };

/** Refresh tokens are stored as SHA-256: 256 random bits need no slow hash, and a database leak reveals no token. */
export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The refresh token of the generation after the one holding `refreshToken`. Derived rather than random, so a
 * parallel refresh with the rotated token can be given the same new token although only its hash is stored;
 * without the server's secret it is as unpredictable as a random one.
 */
function successorRefreshToken(refreshToken: string, secret: string): string {
  return createHmac("sha256", secret).update(`refresh-rotation:${refreshToken}`).digest("base64url");
}

/**
 * Stores a new session row and returns its tokens. Without `rotated` it is a new sign-in (a new family); with
 * the family and refresh token of the session it replaces it is that family's next generation (refresh
 * rotation). Works inside the caller's transaction.
 */
export async function startSession(
  db: Db,
  input: { userId: string; rotated?: { familyId: string; refreshToken: string }; client: SessionClient },
  settings: TokenSettings,
): Promise<SessionTokens> {
  const refreshToken = input.rotated
    ? successorRefreshToken(input.rotated.refreshToken, settings.jwtSecret)
    : randomBytes(32).toString("base64url");
  const [session] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      familyId: input.rotated?.familyId ?? randomUUID(),
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

/**
 * The tokens of the session that replaced a rotated one, when its refresh token comes back within
 * REFRESH_REUSE_GRACE_MS of the rotation and the successor is still live: the same refresh token the rotation
 * gave, and an access token for the successor. Otherwise undefined, and the caller treats it as reuse.
 */
export async function successorWithinGrace(
  db: Db,
  rotated: { userId: string; refreshToken: string; revokedAt: Date; replacedBy: string },
  settings: TokenSettings,
): Promise<SessionTokens | undefined> {
  if (settings.now.getTime() - rotated.revokedAt.getTime() > REFRESH_REUSE_GRACE_MS) return undefined;
  const refreshToken = successorRefreshToken(rotated.refreshToken, settings.jwtSecret);
  const [successor] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, rotated.replacedBy),
        eq(sessions.refreshTokenHash, hashRefreshToken(refreshToken)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, settings.now),
      ),
    )
    .limit(1);
  if (!successor) return undefined;
  const accessToken = await signAccessToken(
    { userId: rotated.userId, sessionId: successor.id },
    settings.jwtSecret,
    settings.now,
  );
  return { accessToken, refreshToken, sessionId: successor.id };
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

/**
 * Ends all of a user's sessions, or all but one sign-in (`exceptFamilyId`, e.g. where a password was changed).
 * Answers the sign-ins it ended, whose sockets must close too.
 */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  now: Date,
  exceptFamilyId?: string,
): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptFamilyId === undefined ? undefined : ne(sessions.familyId, exceptFamilyId),
      ),
    )
    .returning({ familyId: sessions.familyId });
  return [...new Set(ended.map((row) => row.familyId))];
}
