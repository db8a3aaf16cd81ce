import { errorText, type ErrorResponse, type Locale } from "@lootlane/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { requestLocale } from "../http/request-locale.js";
import { AppError } from "./app-error.js";
import { toAppError } from "./error-mapping.js";
import { localizedFieldErrors } from "./field-errors.js";

/**
 * The one place error answers are written: `{"detail": {"error_code", "error_message", "errors"?}}` with the
 * catalogue's status, the text in the request's language. A 5xx is logged with the request id and its cause;
 * the client never sees a stack or an internal message.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    // The client hung up, or was cut off at the request's time bound, before its body arrived: nothing of ours
    // failed and nobody is left to read an answer. Not an error line: a slow-client run once wrote tens of
    // thousands of them, each with a stack (and named a database outage for the ECONNRESET).
    if (request.raw.destroyed && !request.raw.complete) {
      request.log.info("request aborted before its body arrived");
      return sendError(request, reply, new AppError("MALFORMED_REQUEST"));
    }
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, `request failed: ${appError.code}`);
    return sendError(request, reply, appError);
  });

  // Unknown API and media paths of any method end here; HTML pages never do (see web-app.ts).
  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError("ROUTE_NOT_FOUND")));
}

/**
 * Fastify's `frameworkErrors`: the router answers a path it cannot decode (FST_ERR_BAD_URL) or a parameter over
 * its length limit (FST_ERR_MAX_PARAM_LENGTH) before any route or hook, in its own format unless given this.
 */
export function answerFrameworkError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  void sendError(request, reply, toAppError(error));
}

/** The answer's body in the spec's error format. */
export function errorResponseBody(error: AppError, locale: Locale): ErrorResponse {
  return {
    detail: {
      error_code: error.code,
      error_message: errorText(error.code, locale, error.params),
      ...(error.fieldErrors ? { errors: localizedFieldErrors(error.fieldErrors, locale) } : {}),
    },
  };
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const body = errorResponseBody(error, requestLocale(request));
  // An answer sent while the client is still sending keeps the connection: see refused-bodies.ts.
  return reply.headers(error.headers).status(error.status).type("application/json; charset=utf-8").send(body);
}
