import { z } from "zod";
import { storedPasswordSchema } from "../users/users.schemas.js";

/*
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and recovery codes (issue 22). The same two
 * optional fields prove the second factor wherever one is asked for: at sign-in, to turn it off, and to delete
 * the account.
 */

/** How many recovery codes turning two-factor sign-in on gives; each signs in once instead of an app code. */
export const TWO_FACTOR_RECOVERY_CODE_COUNT = 10;

/** The name authenticator apps show above the account's codes. */
export const TWO_FACTOR_ISSUER = "Lootlane";

/** A code an authenticator app shows: six digits, a new one every 30 seconds. */
export const totpCodeSchema = z.string().regex(/^\d{6}$/, "Exactly 6 digits");

/** A recovery code as typed: case, spaces and dashes do not matter (the server compares it normalised). */
export const recoveryCodeSchema = z.string().trim().min(1, "Enter a recovery code").max(64, "At most 64 characters");

/** The second factor: an authenticator code or one of the recovery codes. */
export const secondFactorSchema = z.object({
  totp_code: totpCodeSchema.optional(),
  recovery_code: recoveryCodeSchema.optional(),
});

/**
 * POST /auth/2fa/setup: a new secret, pending until /auth/2fa/enable confirms it; the app scans the URL as a
 * QR code or the user types the secret in. Starting again replaces a pending secret.
 */
export const twoFactorSetupResponseSchema = z
  .object({ secret: z.string().regex(/^[A-Z2-7]+$/), otpauth_url: z.string().startsWith("otpauth://totp/") })
  .meta({ id: "TwoFactorSetupResponse" });

/** POST /auth/2fa/enable: the first right code from the app turns two-factor sign-in on. */
export const twoFactorEnableRequestSchema = z.object({ code: totpCodeSchema }).meta({ id: "TwoFactorEnableRequest" });

/** The recovery codes, shown this once: only their hashes are kept. */
export const twoFactorEnableResponseSchema = z
  .object({ recovery_codes: z.array(z.string()).length(TWO_FACTOR_RECOVERY_CODE_COUNT) })
  .meta({ id: "TwoFactorEnableResponse" });

/** POST /auth/2fa/disable: the password and one of the two codes. */
export const twoFactorDisableRequestSchema = secondFactorSchema
  .extend({ password: storedPasswordSchema })
  .refine((body) => body.totp_code !== undefined || body.recovery_code !== undefined, {
    message: "Enter a code from the app or a recovery code",
    path: ["totp_code"],
  })
  .meta({ id: "TwoFactorDisableRequest" });

export type SecondFactor = z.infer<typeof secondFactorSchema>;
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;
export type TwoFactorEnableRequest = z.infer<typeof twoFactorEnableRequestSchema>;
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;
