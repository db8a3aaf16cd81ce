import { createHash, randomInt } from "node:crypto";
import {
  TWO_FACTOR_RECOVERY_CODE_COUNT,
  type SecondFactor,
  type TwoFactorDisableRequest,
  type TwoFactorEnableResponse,
  type TwoFactorSetupResponse,
} from "@lootlane/contract";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { recoveryCodes, users, type User } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/authenticator.js";
import { sessionsChanged } from "../../platform/auth/sessions.events.js";
import { AppError } from "../../platform/errors/app-error.js";
import { verifyPassword } from "../../platform/security/password-hash.js";
import { claimTotpStep, disableTotp, enableTotp, setPendingTotpSecret } from "../users/users.service.js";
import type { AuthDeps } from "./auth.context.js";
import { authLimits } from "./auth.limits.js";
import { newTotpSecret, totpSetupUrl, totpStepOf } from "./auth-two-factor.totp.js";

/*
 * Two-factor sign-in (issue 22): set-up, turning it on and off, and the check of the second factor that sign-in
 * and other sensitive calls make. Wrong codes count against the account's wrong-password budget, so 100 an
 * hour is all anyone gets to guess a six-digit code, spread over any number of machines.
 */

export type TwoFactorState = Pick<User, "id" | "totpSecret" | "totpEnabledAt">;

/** POST /auth/2fa/setup: a new pending secret, replacing one not yet confirmed. */
export async function startTwoFactorSetup(deps: AuthDeps, authUser: AuthUser): Promise<TwoFactorSetupResponse> {
  const user = await userRow(deps, authUser.id);
  if (user.totpEnabledAt) throw new AppError("TWO_FACTOR_ALREADY_ENABLED");
  const secret = newTotpSecret();
  if (!(await setPendingTotpSecret(deps.db, user.id, deps.cipher.encrypt(secret)))) {
    throw new AppError("TWO_FACTOR_ALREADY_ENABLED");
  }
  return { secret, otpauth_url: totpSetupUrl(secret, user.email) };
}

/**
 * POST /auth/2fa/enable: the first right code for the pending secret turns two-factor sign-in on and gives the
 * recovery codes, shown this once; any earlier ones stop working.
 */
export async function enableTwoFactor(
  deps: AuthDeps,
  authUser: AuthUser,
  code: string,
): Promise<TwoFactorEnableResponse> {
  const user = await userRow(deps, authUser.id);
  if (user.totpEnabledAt) throw new AppError("TWO_FACTOR_ALREADY_ENABLED");
  if (!user.totpSecret) throw new AppError("TWO_FACTOR_NOT_SET_UP");
  const failure = await deps.limiter.reserve(authLimits.passwordFailuresPerAccount, user.email);
  const now = deps.clock();
  const step = await totpStepOf(deps.cipher.decrypt(user.totpSecret), code, now);
  if (step === undefined) throw new AppError("WRONG_TWO_FACTOR_CODE");
  await failure.cancel();
  const codes = Array.from({ length: TWO_FACTOR_RECOVERY_CODE_COUNT }, newRecoveryCode);
  const enabled = await deps.db.transaction(async (tx) => {
    const checked = { encryptedSecret: user.totpSecret!, step, at: now };
    if (!(await enableTotp(tx, user.id, checked))) return false;
    await replaceRecoveryCodes(tx, user.id, codes);
    return true;
  });
  // Either a parallel enable won, or the set-up was restarted and this code was for the replaced secret.
  if (!enabled) throw new AppError("TWO_FACTOR_NOT_SET_UP");
  sessionsChanged(deps.db, user.id);
  return { recovery_codes: codes };
}

/**
 * POST /auth/2fa/disable: the password and a second factor. Admins may not: the admin area needs it. A wrong
 * password or code counts against the account's budget like a failed sign-in.
 */
export async function disableTwoFactor(
  deps: AuthDeps,
  authUser: AuthUser,
  input: TwoFactorDisableRequest,
): Promise<void> {
  if (authUser.role === "admin") throw new AppError("ADMIN_CANNOT_DISABLE_TWO_FACTOR");
  const user = await userRow(deps, authUser.id);
  if (!user.totpEnabledAt) throw new AppError("TWO_FACTOR_NOT_ENABLED");
  const failure = await deps.limiter.reserve(authLimits.passwordFailuresPerAccount, user.email);
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new AppError("WRONG_PASSWORD");
  await checkSecondFactor(deps, deps.db, user, input);
  await failure.cancel();
  await deps.db.transaction(async (tx) => {
    await disableTotp(tx, user.id, deps.clock());
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
  sessionsChanged(deps.db, user.id);
}

/** Whether a call that signs in (or does as much) must still ask for the second factor. */
export function lacksSecondFactor(user: Pick<User, "totpEnabledAt">, factor: SecondFactor): boolean {
  return user.totpEnabledAt !== null && factor.totp_code === undefined && factor.recovery_code === undefined;
}

/**
 * The second factor of a user, proven or refused: nothing to prove while two-factor sign-in is off; otherwise
 * TWO_FACTOR_REQUIRED without a code, WRONG_TWO_FACTOR_CODE for a wrong one, TWO_FACTOR_CODE_ALREADY_USED for
 * an authenticator code whose time step was already accepted. A right code is used up at once (atomically, so
 * of two parallel calls with one code exactly one passes). Counting failures is the caller's: sign-in holds
 * its reservation on the account's budget around the password and this check. `db` is the caller's
 * transaction when there is one.
 */
export async function checkSecondFactor(
  deps: Pick<AuthDeps, "cipher" | "clock">,
  db: Db,
  user: TwoFactorState,
  factor: SecondFactor,
): Promise<void> {
  if (user.totpEnabledAt === null) return;
  if (lacksSecondFactor(user, factor)) throw new AppError("TWO_FACTOR_REQUIRED");
  if (factor.recovery_code !== undefined) {
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: deps.clock() })
      .where(
        and(
          eq(recoveryCodes.userId, user.id),
          eq(recoveryCodes.codeHash, hashRecoveryCode(factor.recovery_code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    if (used.length === 0) throw new AppError("WRONG_TWO_FACTOR_CODE");
    return;
  }
  const step = user.totpSecret
    ? await totpStepOf(deps.cipher.decrypt(user.totpSecret), factor.totp_code!, deps.clock())
    : undefined;
  if (step === undefined) throw new AppError("WRONG_TWO_FACTOR_CODE");
  if (!(await claimTotpStep(db, user.id, step))) throw new AppError("TWO_FACTOR_CODE_ALREADY_USED");
}

/**
 * For calls outside sign-in that need the second factor (e.g. deleting the account): proves it with the
 * failure counted against the account's wrong-password budget. Passes when two-factor sign-in is off.
 */
export async function proveSecondFactor(deps: AuthDeps, userId: string, factor: SecondFactor): Promise<void> {
  const user = await userRow(deps, userId);
  if (user.totpEnabledAt === null) return;
  const failure = await deps.limiter.reserve(authLimits.passwordFailuresPerAccount, user.email);
  await checkSecondFactor(deps, deps.db, user, factor);
  await failure.cancel();
}

async function userRow(deps: AuthDeps, userId: string): Promise<User> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError("TOKEN_IS_REVOKED");
  return user;
}

// 12 characters of a 32-letter alphabet: 60 random bits, so a fast hash is enough to store them.
const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

function newRecoveryCode(): string {
  const characters = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return [0, 4, 8].map((start) => characters.slice(start, start + 4).join("")).join("-");
}

/** How a recovery code is stored; case, spaces and dashes as typed do not matter. */
export function hashRecoveryCode(code: string): string {
  return createHash("sha256")
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ""))
    .digest("hex");
}

async function replaceRecoveryCodes(tx: Db, userId: string, codes: string[]): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
}
