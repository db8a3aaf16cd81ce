import { API_PREFIX } from "@lootlane/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { REFRESH_TOKEN_TTL_MS, type SessionTokens } from "./sessions.js";

/*
 * Cookie decisions (ARCHITECTURE.md §6):
 * - Both cookies are httpOnly (scripts never see a token), SameSite=Lax, and Secure unless config.secureCookies
 *   is off (development only).
 * - The names are plain `access_token` and `refresh_token` in every mode, without the `__Host-` prefix: the
 *   refresh cookie cannot have it (it needs Path=/v1/auth), and one fixed name keeps the web app, the socket
 *   handshake and the tests mode-independent. Forged cookies from a sibling subdomain are not a concern for a
 *   single-host deployment; revisit if the app ever shares a parent domain with untrusted hosts.
 * - The access cookie lives as long as the refresh token, not 15 minutes: an expired JWT is still sent, so
 *   the server answers TOKEN_IS_EXPIRED (the client refreshes and retries) instead of silently treating the
 *   user as a guest on routes where a guest is allowed.
 * - The refresh cookie is only sent to /v1/auth, the only place that reads it.
 */
export const ACCESS_COOKIE = "access_token";
export const REFRESH_COOKIE = "refresh_token";
export const REFRESH_COOKIE_PATH = `${API_PREFIX}/auth`;

const maxAgeSeconds = REFRESH_TOKEN_TTL_MS / 1000;

const baseOptions = (secure: boolean) => ({ httpOnly: true, sameSite: "lax" as const, secure });

/** Hands a new pair of tokens to the browser (sign-in, sign-up, refresh, password reset). */
export function setAuthCookies(reply: FastifyReply, tokens: SessionTokens, secure: boolean): void {
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...baseOptions(secure), path: "/", maxAge: maxAgeSeconds });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...baseOptions(secure), path: REFRESH_COOKIE_PATH, maxAge: maxAgeSeconds });
}

/** Makes the browser forget both tokens (sign-out, failed refresh). */
export function clearAuthCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(ACCESS_COOKIE, { ...baseOptions(secure), path: "/" });
  reply.clearCookie(REFRESH_COOKIE, { ...baseOptions(secure), path: REFRESH_COOKIE_PATH });
}

/** The access JWT the request carries, if any (also what the socket handshake reads). */
export function readAccessToken(request: FastifyRequest): string | undefined {
  return request.cookies[ACCESS_COOKIE] || undefined;
}

export function readRefreshToken(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}
