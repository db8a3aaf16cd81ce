import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors/app-error.js";

/**
 * Rate limiting is opt-in per route (`config: { rateLimit: { max, timeWindow } }`), for sign-in and code
 * sending. A refused request answers 429 TOO_MANY_REQUESTS with the wait in the text and in `Retry-After`.
 * Must be registered before the routes it limits.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError("TOO_MANY_REQUESTS", { retry_after: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
}
