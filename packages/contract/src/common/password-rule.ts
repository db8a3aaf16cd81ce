import { PASSWORD_MIN, PASSWORD_SPECIALS } from "./constants.js";

/** SPEC.md §5: 8+ characters with an upper and a lower case letter, a digit and one of !@#$%^&*. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    [...PASSWORD_SPECIALS].some((c) => password.includes(c))
  );
}
