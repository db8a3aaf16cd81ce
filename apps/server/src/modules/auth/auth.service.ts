import { randomBytes } from "node:crypto";
import {
  SIGN_IN_CODE_HEADER,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type LoginRequest,
} from "@lootlane/contract";
import { eq, type SQL } from "drizzle-orm";
import { recoveryCodes, sessions, users, type User } from "../../db/schema/users.js";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../platform/auth/authenticator.js";
import { verifyAccessToken } from "../../platform/auth/access-token.js";
import { sessionsChanged } from "../../platform/auth/sessions.events.js";
import {
  hashRefreshToken,
  replaceSession,
  revokeFamily,
  revokeUserSessions,
  startSession,
  successorWithinGrace,
  type SessionTokens,
} from "../../platform/auth/sessions.js";
import { AppError } from "../../platform/errors/app-error.js";
import { hashPassword, verifyPassword } from "../../platform/security/password-hash.js";
import { tokenSettings, type AuthDeps, type RequestContext } from "./auth.context.js";
import { authLimits } from "./auth.limits.js";
import { findOwnUserRow, setPasswordHash } from "../users/users.service.js";
import { checkSecondFactor, lacksSecondFactor, proveSecondFactor } from "./auth-two-factor.service.js";

export type { AuthDeps } from "./auth.context.js";
// The user's sign-ins, for the export of their data (modules/account).
export { listSignIns } from "./auth-sign-ins.service.js";

export type SignedIn = { user: User; tokens: SessionTokens };

// Verified when the e-mail is unknown, so an unknown e-mail costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString("hex")));

/** E-mails are stored lower-cased and the contract lower-cases input, so this is case-insensitive. */
export async function findUserByEmail(deps: AuthDeps, email: string): Promise<User | undefined> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/**
 * The user the e-mail belongs to when the password is theirs, else undefined. An unknown e-mail costs the same
 * argon2 work as a wrong password, so the time taken does not tell them apart.
 */
export async function userWithPassword(
  deps: AuthDeps,
  credentials: { email: string; password: string },
): Promise<User | undefined> {
  const user = await findUserByEmail(deps, credentials.email);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), credentials.password);
  return user && passwordMatches ? user : undefined;
}

/**
 * Sign-in. One answer, INCORRECT_EMAIL_OR_PASSWORD, for an unknown e-mail and a wrong password, at the same
 * cost; TWO_FACTOR_REQUIRED and USER_IS_BANNED only once the password is proven, so neither reveals anything
 * to a guesser. A wrong second factor counts against the account's budget as a wrong password does.
 */
export async function signIn(deps: AuthDeps, input: LoginRequest, context: RequestContext): Promise<SignedIn> {
  await deps.limiter.consume(authLimits.signInPerIp, context.ip);
  // Counted as a failure until the password proves right, so a parallel burst cannot exceed the budget.
  const failure = await deps.limiter
    .reserve(authLimits.passwordFailuresPerAccount, input.email)
    .catch((error: unknown) => {
      // The account is locked for this hour; its owner can still get in with a mailed code (auth-sign-in-code).
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, error.params, { headers: { [SIGN_IN_CODE_HEADER]: "available" } });
    });
  const user = await userWithPassword(deps, input);
  if (!user) throw new AppError("INCORRECT_EMAIL_OR_PASSWORD");
  if (lacksSecondFactor(user, input)) {
    await failure.cancel();
    throw new AppError("TWO_FACTOR_REQUIRED");
  }
  await checkSecondFactor(deps, deps.db, user, input);
  await failure.cancel();
  if (user.isBanned) throw new AppError("USER_IS_BANNED");
  const tokens = await startSession(deps.db, { userId: user.id, client: context }, tokenSettings(deps, deps.clock()));
  return { user, tokens };
}

/**
 * Proof that the account's owner is at the keyboard, for what cannot be undone (deleting the account): the
 * password, whose wrong tries count against the account's sign-in budget so a stolen session cannot guess it.
 */
export async function confirmAccountOwner(
  deps: AuthDeps,
  authUser: AuthUser,
  proof: DeleteAccountRequest,
): Promise<User> {
  const user = await getOwnUser(deps, authUser);
  const failure = await deps.limiter.reserve(authLimits.passwordFailuresPerAccount, user.email);
  if (!(await verifyPassword(user.passwordHash, proof.password))) throw new AppError("WRONG_PASSWORD");
  await failure.cancel();
  await proveSecondFactor(deps, user.id, proof);
  return user;
}

/** A deleted account's two-factor recovery codes go with it, in the deletion's transaction. */
export async function dropRecoveryCodes(tx: Db, userId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** The signed-in user's own full record, read now: for the rules that need more than "who am I" shows. */
export async function getOwnUser(deps: AuthDeps, authUser: AuthUser): Promise<User> {
  const user = await findOwnUserRow(deps.db, authUser.id);
  if (!user) throw new AppError("TOKEN_IS_REVOKED");
  return user;
}

/** `changedUserId`: whose sessions the refresh rotated or ended, so their cached sign-ins are read anew. */
type Refresh =
  | { ok: true; tokens: SessionTokens; changedUserId?: string }
  | { ok: false; error: AppError; endedFamilyId?: string; changedUserId?: string };

/**
 * Refresh-token rotation: the presented token's row is revoked and replaced by a new one of the same family.
 * A token rotated moments ago (REFRESH_REUSE_GRACE_MS) is a parallel refresh of the same browser (two tabs,
 * their sockets expiring together) and gets the successor's tokens. Later, a rotated token is a copy in
 * someone else's hands, so the whole family is revoked and both holders must sign in again; the revocation
 * is committed, and the family's sockets closed, before the error is thrown.
 */
export async function refreshSession(
  deps: AuthDeps,
  refreshToken: string | undefined,
  context: RequestContext,
): Promise<SessionTokens> {
  if (!refreshToken) throw new AppError("TOKEN_NOT_FOUND");
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx): Promise<Refresh> => {
    const [session] = await tx
      .select({
        id: sessions.id,
        userId: sessions.userId,
        familyId: sessions.familyId,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        replacedBy: sessions.replacedBy,
        isBanned: users.isBanned,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.refreshTokenHash, hashRefreshToken(refreshToken)))
      .limit(1)
      // Locked, so of two parallel rotations of one token the second sees the first and counts as reuse.
      .for("update", { of: sessions });
    if (!session) return { ok: false, error: new AppError("INVALID_REFRESH_TOKEN") };
    if (session.revokedAt) {
      if (!session.replacedBy) return { ok: false, error: new AppError("TOKEN_IS_REVOKED") };
      const { userId, revokedAt, replacedBy } = session;
      const rotated = { userId, refreshToken, revokedAt, replacedBy };
      const successor = await successorWithinGrace(tx, rotated, tokenSettings(deps, now));
      if (successor) return { ok: true, tokens: successor };
      await revokeFamily(tx, session.familyId, now);
      return {
        ok: false,
        error: new AppError("TOKEN_IS_REVOKED"),
        endedFamilyId: session.familyId,
        changedUserId: userId,
      };
    }
    if (session.expiresAt.getTime() <= now.getTime()) return { ok: false, error: new AppError("TOKEN_IS_EXPIRED") };
    if (session.isBanned) return { ok: false, error: new AppError("USER_IS_BANNED") };
    const tokens = await startSession(
      tx,
      { userId: session.userId, rotated: { familyId: session.familyId, refreshToken }, client: context },
      tokenSettings(deps, now),
    );
    await replaceSession(tx, session.id, tokens.sessionId, now);
    return { ok: true, tokens, changedUserId: session.userId };
  });
  if (outcome.changedUserId) sessionsChanged(deps.db, outcome.changedUserId);
  if (outcome.ok) return outcome.tokens;
  if (outcome.endedFamilyId) deps.realtime.endSignIns([outcome.endedFamilyId]);
  throw outcome.error;
}

/**
 * Sign-out ends the sign-in the browser holds: found by the refresh token, or by a still valid access token
 * when the refresh cookie is missing. Signing out without a session is not an error; there is nothing to end.
 */
export async function signOut(deps: AuthDeps, tokens: { refreshToken?: string; accessToken?: string }): Promise<void> {
  const now = deps.clock();
  const session = tokens.refreshToken
    ? await sessionWhere(deps, eq(sessions.refreshTokenHash, hashRefreshToken(tokens.refreshToken)))
    : await sessionOfAccessToken(deps, tokens.accessToken, now);
  if (!session) return;
  await revokeFamily(deps.db, session.familyId, now);
  sessionsChanged(deps.db, session.userId);
  deps.realtime.endSignIns([session.familyId]);
}

async function sessionOfAccessToken(deps: AuthDeps, accessToken: string | undefined, now: Date) {
  if (!accessToken) return undefined;
  const claims = await verifyAccessToken(accessToken, deps.jwtSecret, now).catch(() => undefined);
  return claims ? sessionWhere(deps, eq(sessions.id, claims.sessionId)) : undefined;
}

async function sessionWhere(deps: AuthDeps, condition: SQL) {
  const [session] = await deps.db
    .select({ familyId: sessions.familyId, userId: sessions.userId })
    .from(sessions)
    .where(condition)
    .limit(1);
  return session;
}

/** "Sign out of all devices": every session of the user ends, the current one included. */
export async function signOutEverywhere(deps: AuthDeps, authUser: AuthUser): Promise<void> {
  const ended = await revokeUserSessions(deps.db, authUser.id, deps.clock());
  sessionsChanged(deps.db, authUser.id);
  deps.realtime.endSignIns(ended);
}

/**
 * A signed-in user changes their password. The current password is required (WRONG_PASSWORD), and wrong ones
 * count against the same per-account budget as failed sign-ins, so a stolen session cannot be used to guess
 * it. Every other sign-in of the user ends; this one stays.
 */
export async function changePassword(deps: AuthDeps, authUser: AuthUser, input: ChangePasswordRequest): Promise<void> {
  const user = await getOwnUser(deps, authUser);
  const failure = await deps.limiter.reserve(authLimits.passwordFailuresPerAccount, user.email);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) throw new AppError("WRONG_PASSWORD");
  await failure.cancel();
  // Hashed before the transaction: PGlite is one connection, and argon2 takes tens of milliseconds.
  const passwordHash = await hashPassword(input.new_password);
  const now = deps.clock();
  const ended = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ familyId: sessions.familyId })
      .from(sessions)
      .where(eq(sessions.id, authUser.sessionId))
      .limit(1);
    await setPasswordHash(tx, user.id, passwordHash, now);
    return revokeUserSessions(tx, user.id, now, current?.familyId);
  });
  sessionsChanged(deps.db, user.id);
  deps.realtime.endSignIns(ended);
}
