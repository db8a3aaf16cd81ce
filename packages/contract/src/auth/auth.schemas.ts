import { z } from "zod";
import {
  emailSchema,
  passwordSchema,
  storedPasswordSchema,
  usernameSchema,
  verificationCodeSchema,
} from "../users/users.schemas.js";
import { secondFactorSchema } from "./two-factor.schemas.js";

/*
 * Bodies and answers of the Auth calls (SPEC.md §7) plus the credential calls Lootlane adds (sign out
 * everywhere, change password). The server validates requests with these and the web builds its forms on them.
 * A new password must pass the password rule (422 VALIDATION_ERROR naming the field otherwise); a password
 * being checked against a stored one is only bounded, so an older password that predates the rule still works.
 */

/** Answer of calls whose only result is that they worked. */
export const successResponseSchema = z.object({ success: z.literal(true) }).meta({ id: "SuccessResponse" });

/** Answer of the calls that mail a code: when (in seconds) the next code may be requested. */
export const codeSentResponseSchema = z
  .object({ success: z.literal(true), resend_after: z.number().int().nonnegative() })
  .meta({ id: "CodeSentResponse" });

/**
 * When 100 wrong passwords in an hour have locked an account's sign-in, the refusal (429 TOO_MANY_REQUESTS)
 * carries this header with the value "available": the owner may ask for a code by e-mail and sign in with the
 * password and that code (issue 17 item 8).
 */
export const SIGN_IN_CODE_HEADER = "x-sign-in-code";

/** POST /auth/login-code: mails a sign-in code when the password is right; the answer is the same either way. */
export const loginCodeRequestSchema = z
  .object({ email: emailSchema, password: storedPasswordSchema })
  .meta({ id: "LoginCodeRequest" });

/**
 * POST /auth/login. With `code` (from POST /auth/login-code) the account's wrong-password budget does not
 * apply, the per-IP limits do; a wrong code counts as a try of that code, a right one is used up. With
 * two-factor sign-in on, `totp_code` or `recovery_code` is needed too (401 TWO_FACTOR_REQUIRED without).
 */
export const loginRequestSchema = loginCodeRequestSchema
  .extend({ code: verificationCodeSchema.optional(), ...secondFactorSchema.shape })
  .meta({ id: "LoginRequest" });

/** POST /auth/send-verification-code: step one of sign-up; refused when the e-mail or username is taken. */
export const sendVerificationCodeRequestSchema = z
  .object({ email: emailSchema, username: usernameSchema })
  .meta({ id: "SendVerificationCodeRequest" });

/** POST /auth/confirm-verification-code: step two of sign-up; creates the user and signs them in. */
export const confirmVerificationCodeRequestSchema = z
  .object({
    email: emailSchema,
    username: usernameSchema,
    password: passwordSchema,
    email_code: verificationCodeSchema,
  })
  .meta({ id: "ConfirmVerificationCodeRequest" });

/** POST /auth/password-reset-code: answers the same whether or not the e-mail is registered. */
export const passwordResetCodeRequestSchema = z.object({ email: emailSchema }).meta({ id: "PasswordResetCodeRequest" });

/** POST /auth/confirm-password-reset-code: checks the code without using it up. */
export const confirmPasswordResetCodeRequestSchema = z
  .object({ email: emailSchema, code: verificationCodeSchema })
  .meta({ id: "ConfirmPasswordResetCodeRequest" });

/** POST /auth/set-new-password: uses the code, sets the password, ends every session, signs in afresh. */
export const setNewPasswordRequestSchema = z
  .object({ email: emailSchema, code: verificationCodeSchema, new_password: passwordSchema })
  .meta({ id: "SetNewPasswordRequest" });

/** GET /auth/get-my-user-id */
export const myUserIdResponseSchema = z.object({ user_id: z.uuid() }).meta({ id: "MyUserIdResponse" });

/** POST /users/password: the signed-in user changes their password; their other sessions end. */
export const changePasswordRequestSchema = z
  .object({ current_password: storedPasswordSchema, new_password: passwordSchema })
  .meta({ id: "ChangePasswordRequest" });

export type SuccessResponse = z.infer<typeof successResponseSchema>;
export type CodeSentResponse = z.infer<typeof codeSentResponseSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type LoginCodeRequest = z.infer<typeof loginCodeRequestSchema>;
export type SendVerificationCodeRequest = z.infer<typeof sendVerificationCodeRequestSchema>;
export type ConfirmVerificationCodeRequest = z.infer<typeof confirmVerificationCodeRequestSchema>;
export type PasswordResetCodeRequest = z.infer<typeof passwordResetCodeRequestSchema>;
export type ConfirmPasswordResetCodeRequest = z.infer<typeof confirmPasswordResetCodeRequestSchema>;
export type SetNewPasswordRequest = z.infer<typeof setNewPasswordRequestSchema>;
export type MyUserIdResponse = z.infer<typeof myUserIdResponseSchema>;
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
