import { HTTPError } from "ky";
import { errorResponseSchema, type FieldError } from "@lootlane/contract";

/**
 * Every failed API call reaches the UI as an ApiError, so screens read one shape instead of ky's errors.
 * `status` is 0 when no answer arrived (network failure, timeout); `code` and `serverMessage` come from the
 * spec's error body when the server sent one.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  readonly fieldErrors: FieldError[] | undefined;

  constructor(init: {
    status: number;
    code?: string;
    serverMessage?: string;
    fieldErrors?: FieldError[];
    cause?: unknown;
  }) {
    super(init.serverMessage ?? init.code ?? (init.status ? `HTTP ${init.status}` : "Network error"), {
      cause: init.cause,
    });
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.fieldErrors = init.fieldErrors;
  }
}

/** Reads the error body of a failed response; a body that is not the spec's error shape leaves only the status. */
export async function apiErrorFromHttpError(error: HTTPError): Promise<ApiError> {
  const { status } = error.response;
  let body: unknown;
  try {
    // A clone, so the response stays readable for anyone else who holds the HTTPError.
    body = await error.response.clone().json();
  } catch {
    return new ApiError({ status, cause: error });
  }
  const parsed = errorResponseSchema.safeParse(body);
  if (!parsed.success) return new ApiError({ status, cause: error });
  const { error_code, error_message, errors } = parsed.data.detail;
  return new ApiError({ status, code: error_code, serverMessage: error_message, fieldErrors: errors, cause: error });
}

/** Any thrown value as an ApiError; HTTP errors are already converted by the API client. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) return new ApiError({ status: error.response.status, cause: error });
  // Timeouts, a network that is down, a refused request: no answer arrived.
  return new ApiError({ status: 0, cause: error });
}
