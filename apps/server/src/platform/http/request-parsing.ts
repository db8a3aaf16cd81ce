import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import { IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from "@lootlane/contract";
import type { FastifyInstance } from "fastify";

/** Cookies (the auth tokens live there) and multipart forms (image uploads) become readable on the request. */
export async function registerRequestParsing(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  await app.register(multipart, {
    // Multipart bypasses Fastify's bodyLimit, so every dimension of a form is bounded here.
    limits: {
      fileSize: IMAGE_MAX_BYTES,
      files: PRODUCT_IMAGES_MAX,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: PRODUCT_IMAGES_MAX + 20,
    },
  });
}

/**
 * Route options of a multipart route: the parser leaves the body empty and the handler reads and checks the
 * form from the stream, so the route's body schema is for the API documentation only and validates nothing.
 */
export const multipartBody = { validatorCompiler: () => (body: unknown) => ({ value: body }) };
