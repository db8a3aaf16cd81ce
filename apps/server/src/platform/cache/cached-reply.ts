import type { FastifyReply, FastifyRequest } from "fastify";
import { matchesEtag, type CachedAnswer } from "./response-cache.js";

/**
 * Sends a cached JSON answer with its ETag, or 304 with no body when the client's copy is current. The caller says
 * first, in cache-control, who may keep it. Sent as is: a Buffer skips the route's serializer, and the cached body
 * was made by the same encode-and-stringify.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Pick<CachedAnswer<unknown>, "body" | "etag">,
): void {
  void reply.header("etag", answer.etag);
  if (matchesEtag(request.headers["if-none-match"], answer.etag)) void reply.code(304).send();
  else void reply.type("application/json; charset=utf-8").send(answer.body);
}
