import {
  VERIFICATION_CODE_RESEND_SECONDS,
  type CodeSentResponse,
  type LoginCodeRequest,
  type LoginRequest,
} from "@lootlane/contract";
import { startSession } from "../../platform/auth/sessions.js";
import { AppError } from "../../platform/errors/app-error.js";
import { tokenSettings, type AuthDeps, type RequestContext } from "./auth.context.js";
import { authLimits } from "./auth.limits.js";
import { userWithPassword, type SignedIn } from "./auth.service.js";
import { issueCode, mailCode, withCheckedCode } from "./auth-email-codes.service.js";
import { checkSecondFactor, lacksSecondFactor } from "./auth-two-factor.service.js";

/*
 * Sign-in with a mailed code (issue 17 item 8): 100 wrong passwords lock an account's password sign-in for the
 * rest of the hour, and anyone can spend them. The owner still gets in with the password plus a code sent to
 * the account's address, which the one who spent the budget does not read.
 */

const purpose = "sign_in" as const;

/**
 * Mails a sign-in code when the password is right. The answer never depends on the password (nor on the
 * e-mail being registered): a wrong password, a resend too soon, the address's code limit or a failed mail
 * all answer the same success, so the call cannot serve as a password oracle beyond the account's budget.
 * And only the right password issues a code, so nobody else can replace the owner's live code or use up the
 * five codes an address gets per hour. The argon2 work counts against the IP's sign-in limit.
 */
export async function sendSignInCode(
  deps: AuthDeps,
  input: LoginCodeRequest,
  context: RequestContext,
): Promise<CodeSentResponse> {
  await deps.limiter.consume(authLimits.signInPerIp, context.ip);
  await deps.limiter.consume(authLimits.codeRequestsPerIp, context.ip);
  const user = await userWithPassword(deps, input);
  if (user) {
    try {
      await deps.limiter.ensureAvailable(authLimits.codesPerEmail, input.email);
      const target = { email: input.email, purpose };
      await mailCode(deps, target, await issueCode(deps, target, true), context.locale);
      await deps.limiter.record(authLimits.codesPerEmail, input.email);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      deps.log.info({ reason: error.code }, "no sign-in code was mailed");
    }
  }
  return { success: true, resend_after: VERIFICATION_CODE_RESEND_SECONDS };
}

/**
 * POST /auth/login with a code: the account's wrong-password budget is not asked, the IP's limits are. The code
 * is checked first (a wrong one counts as one of its five tries), so without the mailbox nothing is learnt
 * about the password; the right code is used up by one password try, right or wrong, and by one try of the
 * second factor when two-factor sign-in is on. Asked for that factor (TWO_FACTOR_REQUIRED), the code stays
 * unused, so the form can send it again with the authenticator's code.
 */
export async function signInWithCode(
  deps: AuthDeps,
  input: LoginRequest & { code: string },
  context: RequestContext,
): Promise<SignedIn> {
  await deps.limiter.consume(authLimits.signInPerIp, context.ip);
  await deps.limiter.consume(authLimits.codeChecksPerIp, context.ip);
  // Checked before the transaction: PGlite is one connection, and argon2 takes tens of milliseconds.
  const user = await userWithPassword(deps, input);
  const outcome = await withCheckedCode(
    deps,
    { email: input.email, purpose },
    input.code,
    { consume: true },
    async (tx, now) => {
      if (!user) return { error: new AppError("INCORRECT_EMAIL_OR_PASSWORD") };
      if (lacksSecondFactor(user, input)) throw new AppError("TWO_FACTOR_REQUIRED");
      const wrongFactor = await checkSecondFactor(deps, tx, user, input).then(
        () => undefined,
        (error: unknown) => error,
      );
      if (wrongFactor instanceof AppError) return { error: wrongFactor };
      if (wrongFactor !== undefined) throw wrongFactor;
      if (user.isBanned) return { error: new AppError("USER_IS_BANNED") };
      return { tokens: await startSession(tx, { userId: user.id, client: context }, tokenSettings(deps, now)) };
    },
  );
  if ("error" in outcome) throw outcome.error;
  return { user: user!, tokens: outcome.tokens };
}
