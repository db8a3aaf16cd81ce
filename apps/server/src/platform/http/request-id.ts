import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

export const REQUEST_ID_HEADER = "x-request-id";

// Ids from a proxy or the client are kept so one request can be followed across systems, but only when they
// cannot forge log lines or headers.
const saneId = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the incoming `x-request-id` when sane, else a fresh UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === "string" && saneId.test(incoming) ? incoming : randomUUID();
}

/** Echoes the id on every answer, so a user's bug report can quote the id that finds the server's log lines. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
