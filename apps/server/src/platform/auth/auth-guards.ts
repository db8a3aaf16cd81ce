import { API_TOKEN_REQUESTS_PER_MINUTE, type ApiScope } from "@lootlane/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors/app-error.js";
import type { RateLimiter, RateLimitRule } from "../rate-limit/rate-limiter.js";
import { readAccessToken, readBearerToken, type AuthCookies } from "./auth-cookies.js";
import {
  createAuthenticator,
  type Authentication,
  type AuthenticatorDeps,
  type Authenticator,
  type AuthUser,
} from "./authenticator.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** What a route lets a personal access token do: one scope, or `any` token whatever its scopes (who am I). */
export type RouteApiScope = ApiScope | "any";

declare module "fastify" {
  interface FastifyInstance {
    authenticator: Authenticator;
    /** Names and Secure flag of the token cookies in this deployment (auth-cookies.ts). */
    authCookies: AuthCookies;
    /** Counts each personal access token's requests (API_TOKEN_REQUESTS_PER_MINUTE, across instances). */
    apiTokenLimiter: RateLimiter;
  }
  interface FastifyContextConfig {
    /**
     * The scope a personal access token needs on this route (issue 25); without one, a guarded route refuses every
     * token (INSUFFICIENT_SCOPE): admin, account-security, money-out and token routes never name one. Set it for a
     * whole plugin with `apiScope(app, scope)`.
     */
    apiScope?: RouteApiScope;
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
export async function registerAuth(
  app: FastifyInstance,
  deps: AuthenticatorDeps,
  cookies: AuthCookies,
  apiTokenLimiter: RateLimiter,
): Promise<void> {
  const authenticator = await createAuthenticator(deps);
  app.decorate("authenticator", authenticator);
  app.addHook("onClose", () => authenticator.close());
  app.decorate("authCookies", cookies);
  app.decorate("apiTokenLimiter", apiTokenLimiter);
  app.decorateRequest("user", undefined);
}

const API_TOKEN_RATE: RateLimitRule = { name: "api-token", max: API_TOKEN_REQUESTS_PER_MINUTE, windowMs: 60_000 };

/**
 * Who a guarded request comes from: a personal access token in `Authorization: Bearer` when there is one (checked
 * against the route's scope and counted against the token's rate), else the access cookie; undefined for neither.
 */
async function authenticationOf(request: FastifyRequest): Promise<Authentication | undefined> {
  const bearer = readBearerToken(request);
  if (bearer === undefined) {
    const token = readAccessToken(request);
    return token ? request.server.authenticator.authenticate(token) : undefined;
  }
  const authentication = await request.server.authenticator.authenticateApiToken(bearer);
  if (authentication.isBanned) throw new AppError("USER_IS_BANNED");
  const needed = request.routeOptions.config.apiScope;
  if (needed === undefined || (needed !== "any" && !authentication.apiToken!.scopes.includes(needed)))
    throw new AppError("INSUFFICIENT_SCOPE");
  await request.server.apiTokenLimiter.consume(API_TOKEN_RATE, authentication.apiToken!.id);
  return authentication;
}

/** A route group's onRequest hook: a signed-in, not banned user is required (401 TOKEN_*, 403 USER_IS_BANNED). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const authentication = await authenticationOf(request);
  if (!authentication) throw new AppError("TOKEN_NOT_FOUND");
  if (authentication.isBanned) throw new AppError("USER_IS_BANNED");
  request.user = authentication.user;
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
  const authentication = await authenticationOf(request);
  if (!authentication) return;
  request.user = authentication.isBanned ? undefined : authentication.user;
}

/**
 * Lets personal access tokens with `scope` reach every route of the plugin `app` added from now on (a route's own
 * `config.apiScope` wins). Tokens still pass the plugin's guard like a session does.
 */
export function apiScope(app: FastifyInstance, scope: RouteApiScope): void {
  app.addHook("onRoute", (route) => {
    route.config = { ...route.config, apiScope: route.config?.apiScope ?? scope };
  });
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
