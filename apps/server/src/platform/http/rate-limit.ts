import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors/app-error.js";

/**
 * Rate limiting is opt-in per route (`config: { rateLimit: { max, timeWindow } }`); business limits such as
 * failed sign-ins per account use platform/rate-limit. Either way a refused request answers 429 with the wait
 * in the text and in `Retry-After`. Must be registered before the routes it limits.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError("TOO_MANY_REQUESTS", { retry_after: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  registerRetryAfterHeader(app);
}

/**
 * Any AppError that tells the client when to retry (TOO_MANY_REQUESTS, VERIFICATION_CODE_RESEND_TOO_SOON)
 * also carries `Retry-After`. onError hooks run before the error handler, and the handler keeps the header.
 */
function registerRetryAfterHeader(app: FastifyInstance): void {
  app.addHook("onError", async (_request, reply, error) => {
    const retryAfter = error instanceof AppError ? error.params["retry_after"] : undefined;
    if (typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
  });
}
