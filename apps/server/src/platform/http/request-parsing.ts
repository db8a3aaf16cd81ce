import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import { IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from "@lootlane/contract";
import type { FastifyInstance } from "fastify";

/**
 * The longest text field of a multipart form: room for a listing's units of stock pasted at creation (10,000
 * keys of some 100 characters); longer lists go in parts to POST /products/{id}/stock.
 */
export const FORM_FIELD_MAX_BYTES = 1024 * 1024;

/** A form-urlencoded body is one short line: RFC 8058's `List-Unsubscribe=One-Click`. */
const FORM_BODY_MAX_BYTES = 1024;

/**
 * Cookies (the auth tokens live there), multipart forms (image uploads) and urlencoded forms become readable on
 * the request. The origin check refuses urlencoded bodies everywhere but the routes of signed links
 * (origin-check.ts), which a mail provider posts one-click unsubscribes to as a form.
 */
export async function registerRequestParsing(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_MAX_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  await app.register(multipart, {
    // Multipart bypasses Fastify's bodyLimit, so every dimension of a form is bounded here.
    limits: {
      fileSize: IMAGE_MAX_BYTES,
      files: PRODUCT_IMAGES_MAX,
      fields: 20,
      fieldSize: FORM_FIELD_MAX_BYTES,
      parts: PRODUCT_IMAGES_MAX + 20,
    },
  });
}

/**
 * Route options of a multipart route: the parser leaves the body empty and the handler reads and checks the
 * form from the stream, so the route's body schema is for the API documentation only and validates nothing.
 */
export const multipartBody = { validatorCompiler: () => (body: unknown) => ({ value: body }) };
