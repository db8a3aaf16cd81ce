import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import { IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from "@lootlane/contract";
import type { FastifyInstance, FastifySchemaValidationError } from "fastify";
import { safeParse, type $ZodType } from "zod/v4/core";
import { ZOD_ISSUE } from "../errors/field-errors.js";

/**
 * The longest text field of a multipart form: room for a listing's units of stock pasted at creation (10,000
 * keys of some 100 characters); longer lists go in parts to POST /products/{id}/stock.
 */
export const FORM_FIELD_MAX_BYTES = 1024 * 1024;

/** The most text fields one multipart form may carry. */
export const FORM_FIELDS_MAX = 20;

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
      fields: FORM_FIELDS_MAX,
      fieldSize: FORM_FIELD_MAX_BYTES,
      parts: PRODUCT_IMAGES_MAX + FORM_FIELDS_MAX,
    },
  });
}

/**
 * Route options of a multipart route: the parser leaves the body empty and the handler reads and checks the
 * form from the stream, so the route's body schema is for the API documentation only and validates nothing.
 */
export const multipartBody = { validatorCompiler: () => (body: unknown) => ({ value: body }) };

/**
 * Checks a request part with its zod schema, like fastify-type-provider-zod's compiler, but keeps each issue
 * whole (with the input zod's texts describe) so the error answer can write it in the request's language.
 */
export const validatorCompiler =
  ({ schema }: { schema: $ZodType }) =>
  (data: unknown): { value: unknown } | { error: FastifySchemaValidationError[] } => {
    const result = safeParse(schema, data, { reportInput: true });
    if (result.success) return { value: result.data };
    return {
      error: result.error.issues.map((issue) => ({
        keyword: issue.code,
        instancePath: `/${issue.path.map(String).join("/")}`,
        schemaPath: `#/${issue.path.map(String).join("/")}/${issue.code}`,
        message: issue.message,
        params: { [ZOD_ISSUE]: issue },
      })),
    };
  };
