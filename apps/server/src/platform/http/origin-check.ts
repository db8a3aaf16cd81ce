import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../../config.js";
import { AppError } from "../errors/app-error.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route is authorised by a signed token in its URL, never by cookies, so a request from anywhere (a mail
     * provider's one-click unsubscribe, RFC 8058) may send it, a form body included: no origin check applies.
     */
    signedLink?: boolean;
  }
}

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// Bodies a cross-site HTML form can send (urlencoded, text/plain) are refused, so a forged form never runs.
const acceptedBodyTypes = new Set(["application/json", "multipart/form-data"]);

/**
 * CSRF defence for the API (ARCHITECTURE.md §6), on top of SameSite=Lax cookies: a state-changing request
 * must come from our own origin or a configured one, and carry JSON, multipart or no body at all.
 * Checked on every path, not only under /v1: all state-changing routes are API routes, and a check by URL
 * prefix could be dodged by a differently spelled path that still routes there (for the same reason a route
 * opts out by its own config, `signedLink`, not by its path). Runs before any body is read.
 */
export function registerOriginCheck(app: FastifyInstance, config: Config): void {
  const configured = new Set(
    [...config.allowedOrigins, ...(config.publicUrl ? [config.publicUrl] : [])].map(normalizeOrigin),
  );

  app.addHook("onRequest", async (request) => {
    if (!stateChanging.has(request.method) || request.routeOptions.config.signedLink) return;
    if (!isTokenOnly(request) && !isAllowedOrigin(request, configured)) throw new AppError("ORIGIN_NOT_ALLOWED");
    if (hasBody(request) && !acceptedBodyTypes.has(mediaType(request.headers["content-type"]))) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE");
    }
  });
}

/**
 * A program's call with a personal access token (issue 25) and no cookie. A cross-site form cannot set
 * `Authorization`, and the token is the proof of who calls, so where the call came from does not matter. With a
 * cookie the check stays: the browser that sent it may have been tricked into it.
 */
function isTokenOnly(request: FastifyRequest): boolean {
  return request.headers.cookie === undefined && /^bearer\s/i.test(request.headers.authorization ?? "");
}

function isAllowedOrigin(request: FastifyRequest, configured: Set<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && configured.has(normalizeOrigin(origin))) return true;
  // Browsers mark requests from another site; only a configured origin may send those.
  if (request.headers["sec-fetch-site"] === "cross-site") return false;
  const own = normalizeOrigin(`${request.protocol}://${request.host}`);
  if (origin !== undefined) return normalizeOrigin(origin) === own;
  // No Origin: a non-browser client, or an older browser that still names the sending page in Referer. Our own
  // pages send no Referer (Referrer-Policy: no-referrer), so one naming another site is a forged form.
  const referer = request.headers.referer;
  return referer === undefined || configured.has(normalizeOrigin(referer)) || normalizeOrigin(referer) === own;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/** `Application/JSON; charset=utf-8` → `application/json`. */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
}

/** The origin of a URL as browsers write it in `Origin` (scheme://host[:port], default port dropped). */
function normalizeOrigin(value: string): string {
  try {
    return new URL(value).origin.toLowerCase();
  } catch {
    return value.trim().toLowerCase();
  }
}
