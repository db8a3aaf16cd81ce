import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { API_PREFIX } from "@lootlane/contract";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

export const DOCS_PREFIX = `${API_PREFIX}/docs`;

/**
 * The OpenAPI document is generated from the routes' zod schemas (schemas with `.meta({ id })` become shared
 * components) and served as JSON at /v1/docs/json with Swagger UI at /v1/docs. Registered before any route,
 * because @fastify/swagger collects routes as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Lootlane API",
        description: 'Marketplace for digital game goods. Errors answer `{"detail": {"error_code", "error_message"}}`.',
        version: "1.0.0",
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
