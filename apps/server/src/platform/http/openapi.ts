import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { API_PREFIX, API_TOKEN_REQUESTS_PER_MINUTE } from "@lootlane/contract";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { trackRouteAccess } from "./openapi-access.js";
import { withoutUnusedSchemas } from "./openapi-components.js";
import { BEARER_AUTH, COOKIE_AUTH, describeOperation } from "./openapi-operations.js";

export const DOCS_PREFIX = `${API_PREFIX}/docs`;

export type OpenApiOptions = {
  /** The origin clients call, named in the document's `servers`. */
  serverUrl: string;
  /** The access cookie's name in this deployment (auth-cookies.ts). */
  accessCookie: string;
};

/**
 * The OpenAPI document is generated from the routes' zod schemas (schemas with `.meta({ id })` become shared
 * components) and served as JSON at /v1/docs/json with Swagger UI at /v1/docs. Registered before any route,
 * because @fastify/swagger collects routes as they are added. Operation ids, security and a client error answer
 * are derived for every route here (openapi-operations.ts), so the document passes Redocly's recommended rules
 * (docs/api.md) without each route spelling them out.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  { serverUrl, accessCookie }: OpenApiOptions,
): Promise<void> {
  const accessOf = trackRouteAccess(app);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Lootlane API",
        description:
          'Marketplace for digital game goods. Errors answer `{"detail": {"error_code", "error_message"}}`. ' +
          "A signed-in client sends the session cookies that sign-in sets. A seller's own program sends a personal " +
          "access token instead (`Authorization: Bearer llp_…`, created in Settings → API); each operation names the " +
          "scope a token needs, and one without a `bearerAuth` requirement refuses tokens (403 INSUFFICIENT_SCOPE).",
        version: "1.0.0",
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      },
      components: {
        securitySchemes: {
          [COOKIE_AUTH]: {
            type: "apiKey",
            in: "cookie",
            name: accessCookie,
            description: "The access token cookie set by sign-in and renewed by POST /v1/auth/update-tokens.",
          },
          [BEARER_AUTH]: {
            type: "http",
            scheme: "bearer",
            description:
              "A personal access token (Settings → API, or POST /v1/tokens). The scopes an operation lists are the " +
              `ones a token needs; an empty list means any token. At most ${API_TOKEN_REQUESTS_PER_MINUTE} requests ` +
              "a minute per token.",
          },
        },
      },
    },
    transform: (input) =>
      jsonSchemaTransform({
        ...input,
        schema: describeOperation(
          input.schema,
          [input.route.method].flat()[0]!,
          input.url,
          accessOf(input.route),
          input.route.config?.apiScope,
        ),
      }),
    transformObject: (input) => ({
      ...withoutUnusedSchemas(jsonSchemaTransformObject(input)),
      servers: [{ url: serverUrl }],
    }),
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
