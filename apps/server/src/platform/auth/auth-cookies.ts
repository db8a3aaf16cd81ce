import { API_PREFIX, SESSION_HINT_COOKIE } from "@lootlane/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config.js";
import { AppError } from "../errors/app-error.js";
import { REFRESH_TOKEN_TTL_MS, type SessionTokens } from "./sessions.js";

/*
 * Cookie decisions (ARCHITECTURE.md §6):
 * - Both cookies are httpOnly (scripts never see a token), SameSite=Lax, and Secure unless config.secureCookies
 *   is off (development only).
 * - Behind HTTPS (PUBLIC_URL https:, cookies Secure) the names carry the browser-enforced prefixes, so a
 *   sibling subdomain or a plain-HTTP page of the same host cannot plant or overwrite a token:
 *   `__Host-access_token` (Secure, Path=/, no Domain) and `__Secure-refresh_token` (it needs Path=/v1/auth,
 *   which rules out `__Host-`). Elsewhere the plain names: browsers refuse prefixed cookies that cannot be
 *   Secure, and a deployment reached over plain HTTP has no such cookies to protect.
 * - The access cookie lives as long as the refresh token, not 15 minutes: an expired JWT is still sent, so
 *   the server answers TOKEN_IS_EXPIRED (the client refreshes and retries) instead of silently treating the
 *   user as a guest on routes where a guest is allowed.
 * - The refresh cookie is only sent to /v1/auth, the only place that reads it.
 * - `session_hint=1` goes with them: readable by scripts, it holds no secret, only that a session may exist, so
 *   the web app asks who the user is (and refreshes) only then, and a guest's page load makes no request that
 *   fails. It lives as long as the refresh token and goes wherever the tokens go.
 */
export const ACCESS_COOKIE = "access_token";
export const REFRESH_COOKIE = "refresh_token";
export const REFRESH_COOKIE_PATH = `${API_PREFIX}/auth`;

/** The cookies of one deployment, decided once from config (app.authCookies). */
export type AuthCookies = { access: string; refresh: string; secure: boolean };

export function authCookiesFor(config: Pick<Config, "secureCookies" | "publicUrl">): AuthCookies {
  const prefixed =
    config.secureCookies && config.publicUrl !== undefined && new URL(config.publicUrl).protocol === "https:";
  return {
    access: prefixed ? `__Host-${ACCESS_COOKIE}` : ACCESS_COOKIE,
    refresh: prefixed ? `__Secure-${REFRESH_COOKIE}` : REFRESH_COOKIE,
    secure: config.secureCookies,
  };
}

const maxAgeSeconds = REFRESH_TOKEN_TTL_MS / 1000;

const baseOptions = (secure: boolean) => ({ httpOnly: true, sameSite: "lax" as const, secure });

const hintOptions = (secure: boolean) => ({ httpOnly: false, sameSite: "lax" as const, secure, path: "/" });

/** Hands a new pair of tokens, and the session hint, to the browser (sign-in, sign-up, refresh, password reset). */
export function setAuthCookies(reply: FastifyReply, tokens: SessionTokens): void {
  const { access, refresh, secure } = reply.server.authCookies;
  reply.setCookie(access, tokens.accessToken, { ...baseOptions(secure), path: "/", maxAge: maxAgeSeconds });
  reply.setCookie(refresh, tokens.refreshToken, {
    ...baseOptions(secure),
    path: REFRESH_COOKIE_PATH,
    maxAge: maxAgeSeconds,
  });
  reply.setCookie(SESSION_HINT_COOKIE, "1", { ...hintOptions(secure), maxAge: maxAgeSeconds });
}

/** Makes the browser forget both tokens and the session hint (sign-out, failed refresh, account deletion). */
export function clearAuthCookies(reply: FastifyReply): void {
  const { access, refresh, secure } = reply.server.authCookies;
  reply.clearCookie(access, { ...baseOptions(secure), path: "/" });
  reply.clearCookie(refresh, { ...baseOptions(secure), path: REFRESH_COOKIE_PATH });
  reply.clearCookie(SESSION_HINT_COOKIE, hintOptions(secure));
}

/** The access JWT the request carries, if any (also what the socket handshake reads). */
export function readAccessToken(request: FastifyRequest): string | undefined {
  return request.cookies[request.server.authCookies.access] || undefined;
}

/** A personal access token sent as `Authorization: Bearer <token>` (RFC 6750), or undefined. */
export function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== "bearer" || !token || rest.length > 0) throw new AppError("TOKEN_IS_INVALID");
  return token;
}

export function readRefreshToken(request: FastifyRequest): string | undefined {
  return request.cookies[request.server.authCookies.refresh] || undefined;
}
