import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors/app-error.js";
import { readAccessToken, type AuthCookies } from "./auth-cookies.js";
import { createAuthenticator, type AuthenticatorDeps, type Authenticator, type AuthUser } from "./authenticator.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

declare module "fastify" {
  interface FastifyInstance {
    authenticator: Authenticator;
    /** Names and Secure flag of the token cookies in this deployment (auth-cookies.ts). */
    authCookies: AuthCookies;
  }
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin / optionalUser; undefined for a guest or on routes without a guard. */
    user: AuthUser | undefined;
  }
}

/**
 * Makes the guards below usable in every module: decorates the root instance with the authenticator and the
 * cookie settings, and every request with `user`. Called once by buildApp before any module is registered.
 */
export async function registerAuth(app: FastifyInstance, deps: AuthenticatorDeps, cookies: AuthCookies): Promise<void> {
  const authenticator = await createAuthenticator(deps);
  app.decorate("authenticator", authenticator);
  app.addHook("onClose", () => authenticator.close());
  app.decorate("authCookies", cookies);
  app.decorateRequest("user", undefined);
}

/** A route group's onRequest hook: a signed-in, not banned user is required (401 TOKEN_*, 403 USER_IS_BANNED). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const token = readAccessToken(request);
  if (!token) throw new AppError("TOKEN_NOT_FOUND");
  const { user, isBanned } = await request.server.authenticator.authenticate(token);
  if (isBanned) throw new AppError("USER_IS_BANNED");
  request.user = user;
}

/**
 * A route group's onRequest hook: requireUser, and the user must be an admin (403 INSUFFICIENT_PERMISSIONS)
 * who signs in with a second factor (403 TWO_FACTOR_SETUP_REQUIRED until they set it up).
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (request.user?.role !== "admin") throw new AppError("INSUFFICIENT_PERMISSIONS");
  if (!request.user.twoFactorEnabled) throw new AppError("TWO_FACTOR_SETUP_REQUIRED");
}

/**
 * The onRequest hook of a route group a guest may use but a signed-in user sees more of. No cookie means a guest;
 * a token that is expired, invalid or revoked still answers 401, so the client refreshes and retries instead of
 * getting the guest view by mistake. A banned user is served as a guest: they may still browse.
 */
export async function optionalUser(request: FastifyRequest): Promise<void> {
  const token = readAccessToken(request);
  if (!token) return;
  const { user, isBanned } = await request.server.authenticator.authenticate(token);
  request.user = isBanned ? undefined : user;
}

/** The user a guarded route runs for; calling it on a route without requireUser/requireAdmin is a bug (401). */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError("TOKEN_NOT_FOUND");
  return request.user;
}

/**
 * A group of routes that share one access level, inside a plugin whose routes differ: a child plugin whose
 * onRequest hook is the guard, so no route repeats it.
 */
export function guardedRoutes(
  guard: (request: FastifyRequest) => Promise<void>,
  routes: FastifyPluginAsyncZod,
): FastifyPluginAsyncZod {
  return async (group, options) => {
    group.addHook("onRequest", guard);
    await routes(group, options);
  };
}
