import { errorStatus, type ErrorCode, type ErrorParams, type FieldError } from "@lootlane/contract";

/**
 * The one error type the API answers with on purpose. The code picks the HTTP status and the text from the
 * contract's catalogue; params fill the text's `{name}` placeholders. The error handler renders it.
 */
export class AppError extends Error {
  readonly status: number;
  /** Field-level problems of a VALIDATION_ERROR, rendered as `detail.errors`. */
  readonly fieldErrors: FieldError[] | undefined;
  /** Hints beside the catalogue's body, sent as response headers (e.g. that a sign-in code can be mailed). */
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
    options?: { cause?: unknown; fieldErrors?: FieldError[]; headers?: Record<string, string> },
  ) {
    super(code, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.status = errorStatus(code);
    this.fieldErrors = options?.fieldErrors;
    this.headers = options?.headers ?? {};
  }
}

/** A 422 VALIDATION_ERROR naming each bad field; see field-errors.ts for how fields are named. */
export function validationError(fieldErrors: FieldError[]): AppError {
  return new AppError("VALIDATION_ERROR", {}, { fieldErrors });
}
