/** What modules use to protect routes and read the signed-in user; see README.md. */
export {
  apiScope,
  guardedRoutes,
  optionalUser,
  registerAuth,
  requireAdmin,
  requireUser,
  signedInUser,
  type RouteApiScope,
} from "./auth-guards.js";
/** Personal access tokens (issue 25), for the token routes of modules/auth. */
export { createApiToken, listApiTokens, revokeApiToken, revokeUserApiTokens } from "./api-tokens.js";
export type { Authentication, Authenticator, AuthUser } from "./authenticator.js";
export { readAccessToken, readBearerToken, type AuthCookies } from "./auth-cookies.js";
/** For the admin module: a ban or a role change may end a user's sessions. */
export { revokeUserSessions } from "./sessions.js";
/** For every module that changes a user's sessions or what their sign-in carries (role, ban, name, second factor). */
export { sessionsChanged } from "./sessions.events.js";
/** For the reviews module: a review between linked accounts does not count in the rating. */
export { sharedDeviceOrAddress } from "./session-links.js";
