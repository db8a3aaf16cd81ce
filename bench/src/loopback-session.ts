import { cookieHeader, sessionFrom, type ApiSession } from "../../e2e/support/api-session.js";

/**
 * The access-token cookie the socket handshake reads (apps/server/src/platform/auth/auth-cookies.ts; importing
 * that file would type-check the server's Fastify cookie augmentation into the bench).
 */
const ACCESS_COOKIE = "access_token";

/** An API client that keeps its own cookies and can hand its access token to a socket handshake. */
export type LoopbackSession = ApiSession & {
  /** The `cookie` header carrying the access token, as a browser sends it with the socket handshake. */
  accessCookie(): string;
  /**
   * The `cookie` header with every cookie the session holds, as a browser sends them under `/v1/auth` (the path
   * of the refresh token and the device id): without the device id, each call would be handed a new one.
   */
  authCookies(): string;
};

/**
 * The `localAddress`-th client machine: a distinct address in 127.0.0.0/8, which Linux routes to the loopback
 * interface without any setup. The auth limits count sign-ups per IP (20 code requests an hour), so a bench
 * that signs up hundreds of members has to come from hundreds of addresses, as real members would.
 */
export function loopbackAddress(index: number): string {
  return `127.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

/**
 * Like e2e's API session (calls under /v1, JSON or multipart bodies, cookies kept), but each session leaves from
 * its own `localAddress`.
 */
export function loopbackSession(baseUrl: string, localAddress: string): LoopbackSession {
  const cookies = new Map<string, string>();
  return {
    ...sessionFrom(baseUrl, localAddress, cookies),
    accessCookie() {
      const token = cookies.get(ACCESS_COOKIE);
      if (!token) throw new Error(`no ${ACCESS_COOKIE} cookie: the session never signed in`);
      return `${ACCESS_COOKIE}=${token}`;
    },
    authCookies: () => cookieHeader(cookies),
  };
}
