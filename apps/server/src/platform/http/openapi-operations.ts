import { API_PREFIX, errorResponseSchema } from "@lootlane/contract";
import type { FastifySchema } from "fastify";
import type { RouteApiScope } from "../auth/index.js";
import type { RouteAccess } from "./openapi-access.js";

export const COOKIE_AUTH = "cookieAuth";
export const BEARER_AUTH = "bearerAuth";

/** What the recommended OpenAPI rules ask of every operation, derived so that no route has to declare it. */
export function describeOperation(
  routeSchema: (FastifySchema & { operationId?: string; security?: unknown }) | undefined,
  method: string,
  url: string,
  access: RouteAccess,
  apiScope: RouteApiScope | undefined,
): FastifySchema {
  // A route without any schema (a redirect, a probe) is still an operation of the document.
  const schema = routeSchema ?? {};
  return {
    ...schema,
    operationId: schema.operationId ?? operationIdFor(method, url),
    security: schema.security ?? securityFor(access, apiScope),
    response: withClientError(schema.response),
  };
}

/**
 * `GET /v1/products/{id}/stock` becomes `getProductsByIdStock`: stable as long as the route is, and unique because
 * two routes differ in method or path. Trailing slashes (SPEC.md's paths) add nothing.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .slice(url.startsWith(API_PREFIX) ? API_PREFIX.length : 0)
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^[:{](\w+)}?$/.exec(segment);
      return parameter ? ["by", ...splitWords(parameter[1]!)] : splitWords(segment);
    });
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join("");
}

function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** The session cookie wherever a guard stands; a personal access token where the route names its scope. */
function securityFor(access: RouteAccess, apiScope: RouteApiScope | undefined): Array<Record<string, string[]>> {
  if (access === "public") return [];
  const token = apiScope === undefined ? [] : [{ [BEARER_AUTH]: apiScope === "any" ? [] : [apiScope] }];
  const signedIn = [{ [COOKIE_AUTH]: [] }, ...token];
  // The empty requirement is the guest: a cookie is used when present, never required.
  return access === "optional" ? [...signedIn, {}] : signedIn;
}

/** Any route answers 400 MALFORMED_REQUEST to a request it cannot read (a broken URL or query string). */
function withClientError(response: unknown): unknown {
  if (!response || typeof response !== "object") return response;
  if (Object.keys(response).some((status) => status.startsWith("4"))) return response;
  return { ...response, 400: errorResponseSchema };
}
