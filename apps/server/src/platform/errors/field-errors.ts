import type { FieldError } from "@lootlane/contract";
import type { FastifyError, FastifySchemaValidationError } from "fastify";
import type { z } from "zod";

/*
 * How `detail.errors[].field` names a field, the same for every route and every source of validation:
 * - the path inside the request part, joined with dots, array indexes as numbers: `email`, `images.0.name`;
 *   the part itself (`body`, `querystring`, `params`, `headers`) is not written, because a route's fields are
 *   unique across its parts and the web form knows its fields by these names;
 * - a problem with the part as a whole (no body sent, not an object) is named after the part: `body`.
 */

/** The part of the request a schema validates. */
export type RequestPart = NonNullable<FastifyError["validationContext"]>;

/** Field errors of a Fastify schema validation failure (zod through the type provider, or plain JSON schema). */
export function fieldErrorsFromValidation(
  issues: FastifySchemaValidationError[],
  part: RequestPart | undefined,
): FieldError[] {
  return issues.map((issue) => {
    const segments = pointerSegments(issue.instancePath);
    // JSON-schema `required` points at the parent object; the field is the missing property.
    const missing = issue.params["missingProperty"];
    if (typeof missing === "string") segments.push(missing);
    return { field: fieldName(segments, part), message: issue.message ?? "is invalid" };
  });
}

/** Field errors of a zod parse done by hand (e.g. on multipart fields), named by the same convention. */
export function fieldErrorsFromZod(error: z.ZodError, part: RequestPart = "body"): FieldError[] {
  return error.issues.map((issue) => ({ field: fieldName(issue.path.map(String), part), message: issue.message }));
}

function fieldName(segments: string[], part: RequestPart | undefined): string {
  return segments.length > 0 ? segments.join(".") : (part ?? "body");
}

/** `/images/0/na~1me` → ["images", "0", "na/me"] (JSON pointer, RFC 6901). */
function pointerSegments(pointer: string): string[] {
  return pointer
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
}
