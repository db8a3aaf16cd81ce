import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { REFRESH_COOKIE_PATH } from "./auth-cookies.js";

/*
 * A random id the browser keeps for a year and shows to the credential calls only (path /v1/auth), recorded on
 * every session it starts. Nothing is granted by it: it only lets the reviews tell an alternate account used on
 * the seller's own device from a stranger (issue 17 item 11). httpOnly, so scripts cannot read or copy it.
 */
export const DEVICE_COOKIE = "device_id";
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * A browser without a well-formed device id gets a new one. It is also put where deviceIdOf reads it, so a
 * session this very request starts would record it.
 */
export function assignDeviceId(request: FastifyRequest, reply: FastifyReply): void {
  if (deviceIdOf(request) !== undefined) return;
  const deviceId = randomBytes(16).toString("base64url");
  reply.setCookie(DEVICE_COOKIE, deviceId, {
    httpOnly: true,
    sameSite: "lax",
    secure: reply.server.authCookies.secure,
    path: REFRESH_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
  request.cookies[DEVICE_COOKIE] = deviceId;
}

/** The request's device id, when it carries a well-formed one. */
export function deviceIdOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[DEVICE_COOKIE];
  return value !== undefined && DEVICE_ID_PATTERN.test(value) ? value : undefined;
}
