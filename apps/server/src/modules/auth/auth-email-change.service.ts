import {
  VERIFICATION_CODE_RESEND_SECONDS,
  type ChangeEmailRequest,
  type CodeSentResponse,
  type EmailChangeCodeRequest,
} from "@lootlane/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/authenticator.js";
import { AppError } from "../../platform/errors/app-error.js";
import { verifyPassword } from "../../platform/security/password-hash.js";
import { setEmail, usersConflictOf } from "../users/users.service.js";
import type { AuthDeps, RequestContext } from "./auth.context.js";
import { authLimits } from "./auth.limits.js";
import { getOwnUser } from "./auth.service.js";
import { issueCode, mailCode, withCheckedCode } from "./auth-email-codes.service.js";
import { emailChangedMail } from "./auth-notices.mail.js";

/*
 * Change of e-mail (issue 22): the code is bound to the account (its current address is the code's target) and
 * to the new address (the payload), and is mailed to the new address, which proves the user reads it. The old
 * address gets a notice afterwards, so an owner whose account was taken over hears of it.
 */

const purpose = "email_change" as const;

/**
 * Step one: with the account's password, mails a code to the new address. The password's wrong tries count
 * against the account's sign-in budget, so a stolen session cannot guess it here.
 */
export async function sendEmailChangeCode(
  deps: AuthDeps,
  authUser: AuthUser,
  input: EmailChangeCodeRequest,
  context: RequestContext,
): Promise<CodeSentResponse> {
  await deps.limiter.consume(authLimits.codeRequestsPerIp, context.ip);
  const user = await getOwnUser(deps, authUser);
  const failure = await deps.limiter.reserve(authLimits.passwordFailuresPerAccount, user.email);
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new AppError("WRONG_PASSWORD");
  await failure.cancel();
  if (input.new_email === user.email) throw new AppError("EMAIL_CHANGE_SAME_EMAIL");
  await ensureEmailFree(deps.db, input.new_email);
  await deps.limiter.ensureAvailable(authLimits.codesPerEmail, input.new_email);
  const target = { email: user.email, purpose };
  const issued = await issueCode(deps, target, true, { new_email: input.new_email });
  await mailCode(deps, target, issued, context.locale, input.new_email);
  await deps.limiter.record(authLimits.codesPerEmail, input.new_email);
  return { success: true, resend_after: VERIFICATION_CODE_RESEND_SECONDS };
}

/**
 * Step two: the code mailed to `new_email` makes it the account's address, in the transaction that uses the
 * code up. A code issued for another address is a wrong code; an address taken since step one answers
 * EMAIL_ALREADY_EXISTS and leaves the code usable. The old address is told afterwards; a failed notice is
 * logged, never undoing the change.
 */
export async function changeEmail(
  deps: AuthDeps,
  authUser: AuthUser,
  input: ChangeEmailRequest,
  context: RequestContext,
): Promise<void> {
  await deps.limiter.consume(authLimits.codeChecksPerIp, context.ip);
  const user = await getOwnUser(deps, authUser);
  const target = { email: user.email, purpose };
  try {
    const outcome = await withCheckedCode(deps, target, input.code, { consume: true }, async (tx, now, payload) => {
      if (payload?.["new_email"] !== input.new_email) return new AppError("WRONG_VERIFICATION_CODE");
      await ensureEmailFree(tx, input.new_email);
      await setEmail(tx, user.id, input.new_email, now);
      return undefined;
    });
    if (outcome) throw outcome;
  } catch (error) {
    throw usersConflictOf(error) ?? error;
  }
  try {
    await deps.mailer.send({ to: user.email, ...emailChangedMail(user.language, input.new_email) });
  } catch (error) {
    deps.log.warn({ err: error }, "could not mail the e-mail change notice to the old address");
  }
}

async function ensureEmailFree(db: Db, email: string): Promise<void> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) throw new AppError("EMAIL_ALREADY_EXISTS");
}
