import {
  VERIFICATION_CODE_RESEND_SECONDS,
  type CodeSentResponse,
  type ConfirmPasswordResetCodeRequest,
  type PasswordResetCodeRequest,
  type SetNewPasswordRequest,
} from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/users.js";
import { sessionsChanged } from "../../platform/auth/sessions.events.js";
import { revokeUserSessions, startSession, type SessionTokens } from "../../platform/auth/sessions.js";
import { AppError } from "../../platform/errors/app-error.js";
import { hashPassword } from "../../platform/security/password-hash.js";
import { tokenSettings, type AuthDeps, type RequestContext } from "./auth.context.js";
import { authLimits } from "./auth.limits.js";
import { findUserByEmail } from "./auth.service.js";
import { issueCode, mailCode, withCheckedCode } from "./auth-email-codes.service.js";
import { setPasswordHash } from "../users/users.service.js";

const purpose = "password_reset" as const;

/**
 * Reset step one. An unknown e-mail gets exactly the answers a known one gets (same success, same "too soon",
 * same limits, later the same WRONG_VERIFICATION_CODE) but no mail, so the call does not tell who is
 * registered. What remains: the time a real mail takes, and a 502 when the mail server is down; sign-up's
 * EMAIL_ALREADY_EXISTS (required by the spec) tells as much anyway.
 */
export async function sendPasswordResetCode(
  deps: AuthDeps,
  input: PasswordResetCodeRequest,
  context: RequestContext,
): Promise<CodeSentResponse> {
  await deps.limiter.consume(authLimits.codeRequestsPerIp, context.ip);
  await deps.limiter.ensureAvailable(authLimits.codesPerEmail, input.email);
  const user = await findUserByEmail(deps, input.email);
  const target = { email: input.email, purpose };
  const issued = await issueCode(deps, target, user !== undefined);
  if (user) await mailCode(deps, target, issued, context.locale);
  await deps.limiter.record(authLimits.codesPerEmail, input.email);
  return { success: true, resend_after: VERIFICATION_CODE_RESEND_SECONDS };
}

/** Reset step two: tells the web whether to show the new-password form. A wrong try counts; a right one is not used up. */
export async function confirmPasswordResetCode(
  deps: AuthDeps,
  input: ConfirmPasswordResetCodeRequest,
  context: RequestContext,
): Promise<void> {
  await deps.limiter.consume(authLimits.codeChecksPerIp, context.ip);
  await withCheckedCode(deps, { email: input.email, purpose }, input.code, { consume: false }, async () => undefined);
}

/**
 * Reset step three: checks the code again, sets the password and ends every session of the user, since one
 * of them may belong to whoever made the reset necessary. The user is then signed in with a fresh session
 * (SPEC.md: after a successful reset the web goes to /, signed in, not back to the sign-in form).
 */
export async function setNewPassword(
  deps: AuthDeps,
  input: SetNewPasswordRequest,
  context: RequestContext,
): Promise<SessionTokens> {
  await deps.limiter.consume(authLimits.codeChecksPerIp, context.ip);
  // Hashed before the transaction: PGlite is one connection, and argon2 takes tens of milliseconds.
  const passwordHash = await hashPassword(input.new_password);
  const reset = await withCheckedCode(
    deps,
    { email: input.email, purpose },
    input.code,
    { consume: true },
    async (tx, now) => {
      const [user] = await tx
        .select({ id: users.id, isBanned: users.isBanned })
        .from(users)
        .where(eq(users.email, input.email))
        .limit(1);
      // Only a deliverable code can be right, and those exist only for registered e-mails; the user may have been deleted since.
      if (!user) throw new AppError("WRONG_VERIFICATION_CODE");
      if (user.isBanned) throw new AppError("USER_IS_BANNED");
      await setPasswordHash(tx, user.id, passwordHash, now);
      const ended = await revokeUserSessions(tx, user.id, now);
      const tokens = await startSession(tx, { userId: user.id, client: context }, tokenSettings(deps, now));
      return { ended, tokens, userId: user.id };
    },
  );
  sessionsChanged(deps.db, reset.userId);
  deps.realtime.endSignIns(reset.ended);
  return reset.tokens;
}
