import { PASSWORD_MIN, PASSWORD_SPECIALS } from "@lootlane/contract";

export type PasswordRequirement = "length" | "upper" | "lower" | "digit" | "special";

/**
 * The parts of the contract's strong-password rule (SPEC §5), one by one, so a form can show which are met
 * while the user types. Together they are exactly `isStrongPassword` (a test holds them to it).
 */
export const passwordRequirements: ReadonlyArray<{ key: PasswordRequirement; isMet: (password: string) => boolean }> = [
  { key: "length", isMet: (password) => password.length >= PASSWORD_MIN },
  { key: "upper", isMet: (password) => /[A-Z]/.test(password) },
  { key: "lower", isMet: (password) => /[a-z]/.test(password) },
  { key: "digit", isMet: (password) => /\d/.test(password) },
  { key: "special", isMet: (password) => [...PASSWORD_SPECIALS].some((special) => password.includes(special)) },
];
