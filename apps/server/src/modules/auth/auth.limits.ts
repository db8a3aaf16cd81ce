import type { RateLimitRule } from "../../platform/rate-limit/rate-limiter.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Rate limits of the credential calls (ARCHITECTURE.md §6). Per IP they bound what one machine can try; per
 * account they bound guessing spread over many machines. Windows are fixed, so an attacker can lock a real
 * user out of sign-in for at most the rest of the current hour, never longer.
 */
export const authLimits = {
  /** Every sign-in attempt from one IP, right or wrong: also bounds the argon2 work one client can cause. */
  signInPerIp: { name: "sign-in:ip", max: 30, windowMs: MINUTE },
  /** Wrong passwords for one e-mail, known or not (sign-in and password change share the budget). */
  passwordFailuresPerAccount: { name: "password-failure:account", max: 100, windowMs: HOUR },
  /** Code requests (sign-up and reset) from one IP. */
  codeRequestsPerIp: { name: "code-request:ip", max: 20, windowMs: HOUR },
  /**
   * Codes issued for one address (sign-up and reset together), on top of the 60 s resend interval, so nobody is
   * mail-bombed. Counted for unknown addresses too, which get no mail, so the limit tells nothing either.
   */
  codesPerEmail: { name: "code:email", max: 5, windowMs: HOUR },
  /** Code checks from one IP; each code also allows only VERIFICATION_CODE_MAX_TRIES wrong tries. */
  codeChecksPerIp: { name: "code-check:ip", max: 30, windowMs: 10 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;
