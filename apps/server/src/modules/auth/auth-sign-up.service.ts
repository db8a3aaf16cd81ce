import {
  VERIFICATION_CODE_RESEND_SECONDS,
  type CodeSentResponse,
  type ConfirmVerificationCodeRequest,
  type SendVerificationCodeRequest,
} from "@lootlane/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/users.js";
import { startSession } from "../../platform/auth/sessions.js";
import { AppError } from "../../platform/errors/app-error.js";
import { hashPassword } from "../../platform/security/password-hash.js";
import { tokenSettings, type AuthDeps, type RequestContext } from "./auth.context.js";
import { authLimits } from "./auth.limits.js";
import type { SignedIn } from "./auth.service.js";
import { issueCode, mailCode, withCheckedCode } from "./auth-email-codes.service.js";
import { openUserAccounts } from "../ledger/ledger.service.js";
import { createUsers, usersConflictOf } from "../users/users.service.js";

type NewAccount = { email: string; username: string };

/**
 * Sign-up step one: refuses a taken e-mail or username (EMAIL_ALREADY_EXISTS, USERNAME_ALREADY_EXISTS, case
 * does not matter) before anything is mailed, then mails a code.
 */
export async function sendSignUpCode(
  deps: AuthDeps,
  input: SendVerificationCodeRequest,
  context: RequestContext,
): Promise<CodeSentResponse> {
  await deps.limiter.consume(authLimits.codeRequestsPerIp, context.ip);
  await ensureEmailAndUsernameFree(deps.db, input);
  await deps.limiter.ensureAvailable(authLimits.codesPerEmail, input.email);
  const target = { email: input.email, purpose: "signup" as const };
  const issued = await issueCode(deps, target, true);
  await mailCode(deps, target, issued, context.locale);
  await deps.limiter.record(authLimits.codesPerEmail, input.email);
  return { success: true, resend_after: VERIFICATION_CODE_RESEND_SECONDS };
}

/**
 * Sign-up step two: with the right code, creates the user with their ledger account (balance 0) and signs
 * them in, all in one transaction that also uses the code up. A conflict found here (someone took the
 * e-mail or username since step one) leaves the code usable.
 */
export async function confirmSignUp(
  deps: AuthDeps,
  input: ConfirmVerificationCodeRequest,
  context: RequestContext,
): Promise<SignedIn> {
  await deps.limiter.consume(authLimits.codeChecksPerIp, context.ip);
  // Hashed before the transaction: PGlite is one connection, and argon2 takes tens of milliseconds.
  const passwordHash = await hashPassword(input.password);
  const target = { email: input.email, purpose: "signup" as const };
  try {
    return await withCheckedCode(deps, target, input.email_code, { consume: true }, async (tx, now) => {
      await ensureEmailAndUsernameFree(tx, input);
      const [user] = await createUsers(tx, [
        // The language the page was in: e-mails and pushes speak it until the user picks another.
        {
          email: input.email,
          username: input.username,
          passwordHash,
          language: context.locale,
          createdAt: now,
          updatedAt: now,
        },
      ]);
      // users.balance is the projection of this account, so every user has one from the start.
      await openUserAccounts(tx, [user!.id]);
      const tokens = await startSession(tx, { userId: user!.id, client: context }, tokenSettings(deps, now));
      return { user: user!, tokens };
    });
  } catch (error) {
    throw usersConflictOf(error) ?? error;
  }
}

async function ensureEmailAndUsernameFree(db: Db, account: NewAccount): Promise<void> {
  const [emailTaken] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email)).limit(1);
  if (emailTaken) throw new AppError("EMAIL_ALREADY_EXISTS");
  const [usernameTaken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, account.username.toLowerCase()))
    .limit(1);
  if (usernameTaken) throw new AppError("USERNAME_ALREADY_EXISTS");
}
