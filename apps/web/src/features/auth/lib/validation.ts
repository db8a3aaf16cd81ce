import {
  emailSchema,
  looksOfficial,
  PASSWORD_MIN,
  passwordSchema,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  verificationCodeSchema,
} from "@lootlane/contract";

/**
 * The client-side rules of SPEC §5, as keys of auth:validation, so each form shows the message next to its field
 * without a round trip. The server checks the same rules again (it uses the same contract schemas).
 */
export type ValidationKey =
  | "emailRequired"
  | "emailInvalid"
  | "passwordRequired"
  | "passwordMinLength"
  | "passwordWeak"
  | "usernameRequired"
  | "usernameLength"
  | "usernameChars"
  | "usernameReserved"
  | "passwordsMismatch"
  | "passwordsDoNotMatch"
  | "invalidCode"
  | "codeRequired";

type Rule = (value: string) => ValidationKey | null;

export const checkEmail: Rule = (email) => {
  if (email.trim() === "") return "emailRequired";
  return emailSchema.safeParse(email).success ? null : "emailInvalid";
};

/** Sign-in only asks for the minimum length: older passwords may predate the strong rule. */
export const checkSignInPassword: Rule = (password) => {
  if (password === "") return "passwordRequired";
  return password.length < PASSWORD_MIN ? "passwordMinLength" : null;
};

/**
 * A password being chosen (sign-up, reset): the contract's password schema, the one the server checks both with;
 * the length is named first because it is the most common miss.
 */
export const checkNewPassword: Rule = (password) => {
  if (password === "") return "passwordRequired";
  if (password.length < PASSWORD_MIN) return "passwordMinLength";
  return passwordSchema.safeParse(password).success ? null : "passwordWeak";
};

export const checkUsername: Rule = (username) => {
  const trimmed = username.trim();
  if (trimmed === "") return "usernameRequired";
  if (trimmed.length < USERNAME_MIN || trimmed.length > USERNAME_MAX) return "usernameLength";
  if (!USERNAME_PATTERN.test(trimmed)) return "usernameChars";
  return looksOfficial(trimmed) ? "usernameReserved" : null;
};

/** Sign-up's code: a partly filled or non-digit code never reaches the server. */
export const checkSignUpCode: Rule = (code) => (verificationCodeSchema.safeParse(code).success ? null : "invalidCode");

/** Password reset names the same rule codeRequired (SPEC §5). */
export const checkResetCode: Rule = (code) => (verificationCodeSchema.safeParse(code).success ? null : "codeRequired");

/** The repeat field: sign-up and password reset name the mismatch differently (SPEC §5). */
export function checkRepeat(
  repeat: string,
  password: string,
  key: "passwordsMismatch" | "passwordsDoNotMatch",
): ValidationKey | null {
  return repeat === password ? null : key;
}
