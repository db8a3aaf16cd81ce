import { PRODUCT_IMAGES_MAX, type ErrorCode } from "@lootlane/contract";
import type { FastifyError } from "fastify";
import { AppError, validationError } from "./app-error.js";
import { isDatabaseUnavailable } from "./database-errors.js";
import { fieldErrorsFromValidation } from "./field-errors.js";

// Multipart is only used for image uploads, so its limits speak the image codes of SPEC.md §8.
const codeOverrides: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => new AppError("IMAGE_TOO_LARGE"),
  FST_FILES_LIMIT: () => new AppError("MAXIMUM_NUMBER_PHOTOS_EXCEEDED", { max: PRODUCT_IMAGES_MAX }),
  FST_INVALID_JSON_FIELD_ERROR: () => new AppError("MALFORMED_REQUEST"),
  // A path parameter longer than the router takes (100 characters): no id, name or slug of ours is that long.
  FST_ERR_MAX_PARAM_LENGTH: () => new AppError("MALFORMED_REQUEST"),
};

// busboy reports a multipart body that breaks off, or a multipart type without a boundary, as plain Errors.
const malformedMultipart = [
  /^Unexpected end of multipart data$/,
  / terminated early due to unexpected end of multipart data$/,
  /^Multipart: Boundary not found$/,
];

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  400: "MALFORMED_REQUEST",
  404: "ROUTE_NOT_FOUND",
  406: "UNSUPPORTED_MEDIA_TYPE",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
};

/**
 * Turns anything a request can throw into the AppError the client sees. Only Fastify's own errors (code
 * `FST_*`, from the core and @fastify/* plugins) are trusted to describe a client mistake; any other error
 * is our fault and becomes SERVER_ERROR, keeping the original as `cause` for the log.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isFastifyError(error) && Array.isArray(error.validation)) {
    return validationError(fieldErrorsFromValidation(error.validation, error.validationContext));
  }
  if (isDatabaseUnavailable(error)) return new AppError("DATABASE_ERROR", {}, { cause: error });
  if (isFastifyError(error)) {
    const override = codeOverrides[error.code];
    if (override) return override();
    const code = error.statusCode === undefined ? undefined : codeByStatus[error.statusCode];
    if (code) return new AppError(code, {}, { cause: error });
  }
  if (error instanceof Error && malformedMultipart.some((message) => message.test(error.message)))
    return new AppError("MALFORMED_REQUEST", {}, { cause: error });
  return new AppError("SERVER_ERROR", {}, { cause: error });
}

function isFastifyError(error: unknown): error is FastifyError {
  return (
    error instanceof Error &&
    typeof (error as { code?: unknown }).code === "string" &&
    (error as FastifyError).code.startsWith("FST_")
  );
}
