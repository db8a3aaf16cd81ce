import type { ApiScope } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { sessions, users, type UserRole } from "../../db/schema/users.js";
import { followChanges } from "../cache/follow-changes.js";
import { AppError } from "../errors/app-error.js";
import type { Clock } from "../time/clock.js";
import { verifyAccessToken } from "./access-token.js";
import { findApiToken, looksLikeApiToken } from "./api-tokens.js";
import { createAuthenticationCache } from "./authentication.cache.js";
import { onSessionsChange } from "./sessions.events.js";

/**
 * Who is signed in, as routes see it (`request.user`). `twoFactorEnabled`: whether their sign-in asks for an
 * authenticator code, which the admin area requires.
 */
export type AuthUser = { id: string; username: string; role: UserRole; sessionId: string; twoFactorEnabled: boolean };

/**
 * `familyId`: the sign-in the session belongs to, whose end closes what was opened with any of its tokens.
 * `expiresAtMs`: when the access token runs out. `apiToken`: set when a personal access token (issue 25) was
 * presented instead of a session; then `user.sessionId` and `familyId` are the token's id.
 */
export type Authentication = {
  user: AuthUser;
  isBanned: boolean;
  familyId: string;
  expiresAtMs: number;
  apiToken?: { id: string; scopes: readonly ApiScope[] };
};

export type Authenticator = {
  /**
   * The user behind an access token. Besides the JWT checks (TOKEN_IS_EXPIRED, TOKEN_IS_INVALID) the session
   * and user rows are read, so a revoked session (TOKEN_IS_REVOKED) or a ban stops working at once rather than
   * when the JWT expires; what was read is kept until sessions.events.ts says it changed. Whether a banned user
   * may go on is the caller's decision.
   */
  authenticate(accessToken: string): Promise<Authentication>;
  /**
   * The user behind a personal access token, kept and forgotten as sessions are (revoking or a ban says
   * sessionsChanged): TOKEN_IS_INVALID for a token nobody holds, API_TOKEN_EXPIRED past its expiry.
   */
  authenticateApiToken(token: string): Promise<Authentication>;
  close(): Promise<void>;
};

export type AuthenticatorDeps = {
  db: Db;
  jwtSecret: string;
  clock: Clock;
  redisUrl: string | undefined;
  log: { error(object: object, message: string): void };
};

export async function createAuthenticator({
  db,
  jwtSecret,
  clock,
  redisUrl,
  log,
}: AuthenticatorDeps): Promise<Authenticator> {
  const cache = createAuthenticationCache(clock);
  const changes = await followChanges(
    "sessions",
    (onChange) => onSessionsChange(db, onChange),
    (userId) => cache.forget(userId),
    { redisUrl, log },
  );

  const load = async (accessToken: string): Promise<Authentication> => {
    const claims = await verifyAccessToken(accessToken, jwtSecret, clock());
    const [row] = await db
      .select({
        id: users.id,
        username: users.username,
        role: users.role,
        isBanned: users.isBanned,
        totpEnabledAt: users.totpEnabledAt,
        revokedAt: sessions.revokedAt,
        familyId: sessions.familyId,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, claims.sessionId))
      .limit(1);
    // A missing row means the session (or its user) was deleted: as ended as a revoked one.
    if (!row || row.revokedAt !== null) throw new AppError("TOKEN_IS_REVOKED");
    if (row.id !== claims.userId) throw new AppError("TOKEN_IS_INVALID");
    return {
      user: {
        id: row.id,
        username: row.username,
        role: row.role,
        sessionId: claims.sessionId,
        twoFactorEnabled: row.totpEnabledAt !== null,
      },
      isBanned: row.isBanned,
      familyId: row.familyId,
      expiresAtMs: claims.expiresAtMs,
    };
  };

  const loadApiToken = async (token: string): Promise<Authentication> => {
    const holder = looksLikeApiToken(token) ? await findApiToken(db, clock, token) : undefined;
    if (!holder) throw new AppError("TOKEN_IS_INVALID");
    return {
      user: {
        id: holder.userId,
        username: holder.username,
        role: holder.role,
        sessionId: holder.tokenId,
        twoFactorEnabled: holder.totpEnabledAt !== null,
      },
      isBanned: holder.isBanned,
      familyId: holder.tokenId,
      expiresAtMs: holder.expiresAt.getTime(),
      apiToken: { id: holder.tokenId, scopes: holder.scopes },
    };
  };

  return {
    authenticate: (accessToken) => cache.get(accessToken, () => load(accessToken)),
    async authenticateApiToken(token) {
      const authentication = await cache.get(token, () => loadApiToken(token));
      // The cache drops an entry past its expiry, so an expired token is loaded again and stopped here.
      if (authentication.expiresAtMs <= clock().getTime()) throw new AppError("API_TOKEN_EXPIRED");
      return authentication;
    },
    close: changes.close,
  };
}
