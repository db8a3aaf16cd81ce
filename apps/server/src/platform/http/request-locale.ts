import type { Locale } from "@lootlane/contract";
import type { FastifyRequest } from "fastify";

/** The language of server-written texts: Russian when the client prefers it (`Accept-Language: ru…`), else English. */
export function requestLocale(request: FastifyRequest): Locale {
  return request.headers["accept-language"]?.trim().toLowerCase().startsWith("ru") ? "ru" : "en";
}
