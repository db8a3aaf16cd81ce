import { errors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { AppError } from "../errors/app-error.js";

/** ARCHITECTURE.md §6: short-lived, so a stolen access token is worth little; the refresh token renews it. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export type AccessClaims = { userId: string; sessionId: string };
/** A verified token's claims and when it runs out (ms since the epoch). */
export type VerifiedAccess = AccessClaims & { expiresAtMs: number };

const ALGORITHM = "HS256";
const claimsSchema = z.object({ sub: z.uuid(), sid: z.uuid(), exp: z.number() });

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** The JWT of the access cookie: `sub` is the user, `sid` the session row it belongs to. */
export function signAccessToken(claims: AccessClaims, secret: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(claims.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(keyOf(secret));
}

/**
 * The claims of a token this server signed and that has not expired at `now`. Throws TOKEN_IS_EXPIRED for an
 * expired one (the client then refreshes) and TOKEN_IS_INVALID for anything else: bad signature, other
 * algorithm, malformed token or claims. Ids are checked to be UUIDs before they reach a query.
 */
export async function verifyAccessToken(token: string, secret: string, now: Date): Promise<VerifiedAccess> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      currentDate: now,
      requiredClaims: ["exp"],
    }));
  } catch (error) {
    throw new AppError(
      error instanceof errors.JWTExpired ? "TOKEN_IS_EXPIRED" : "TOKEN_IS_INVALID",
      {},
      { cause: error },
    );
  }
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) throw new AppError("TOKEN_IS_INVALID");
  return { userId: claims.data.sub, sessionId: claims.data.sid, expiresAtMs: claims.data.exp * 1000 };
}
