import type { ErrorCode } from "../errors/error-catalogue.js";

/**
 * A cookie scripts may read, set beside the (httpOnly) token cookies and cleared with them: it says only that a
 * session may exist, so the web app asks who the user is, and refreshes, only when it is there.
 */
export const SESSION_HINT_COOKIE = "session_hint";

/**
 * The 401s about the access token (missing, expired, unreadable, revoked): a refresh of the session cures the
 * first ones and tells the client its session is over for the others. Other 401s (a wrong sign-in code) are final.
 */
export const ACCESS_TOKEN_ERRORS: readonly string[] = [
  "TOKEN_NOT_FOUND",
  "INVALID_TOKEN",
  "TOKEN_IS_EXPIRED",
  "TOKEN_IS_INVALID",
  "TOKEN_IS_REVOKED",
] satisfies ErrorCode[];
