import { localizedIssueMessage, translateValidationMessage, type FieldError, type Locale } from "@lootlane/contract";
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
    const fieldError = { field: fieldName(segments, part), message: issue.message ?? "is invalid" };
    const zodIssue = (issue.params as { [ZOD_ISSUE]?: unknown })[ZOD_ISSUE];
    return isZodIssue(zodIssue) ? withIssue(fieldError, zodIssue) : fieldError;
  });
}

/** Field errors of a zod parse done by hand (e.g. on multipart fields), named by the same convention. */
export function fieldErrorsFromZod(error: z.ZodError, part: RequestPart = "body"): FieldError[] {
  return error.issues.map((issue) =>
    withIssue({ field: fieldName(issue.path.map(String), part), message: issue.message }, issue),
  );
}

/**
 * The field errors in the request's language. A field error keeps the zod issue it came from, so zod's own
 * texts are written again in that language; any other message goes through the contract's catalogue.
 */
export function localizedFieldErrors(fieldErrors: FieldError[], locale: Locale): FieldError[] {
  return fieldErrors.map((fieldError) => {
    const issue = (fieldError as IssueCarrier)[ZOD_ISSUE];
    const message = issue
      ? localizedIssueMessage(issue, locale)
      : translateValidationMessage(fieldError.message, locale);
    return { field: fieldError.field, message };
  });
}

/**
 * Where a field error or a Fastify validation error keeps its zod issue. A symbol, so the issue (which holds
 * the client's input) never reaches a JSON answer or a log line.
 */
export const ZOD_ISSUE = Symbol("zod issue");

type IssueCarrier = FieldError & { [ZOD_ISSUE]?: z.core.$ZodIssue };

function withIssue(fieldError: FieldError, issue: z.core.$ZodIssue): FieldError {
  return Object.assign(fieldError, { [ZOD_ISSUE]: issue });
}

function isZodIssue(value: unknown): value is z.core.$ZodIssue {
  return typeof value === "object" && value !== null && "code" in value && "message" in value;
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
