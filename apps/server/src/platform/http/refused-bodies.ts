import type { Socket } from "node:net";
import { IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from "@lootlane/contract";
import type { FastifyInstance } from "fastify";
import { FORM_FIELD_MAX_BYTES, FORM_FIELDS_MAX } from "./request-parsing.js";

/** The largest body any route accepts: a multipart form at every one of its limits (request-parsing.ts). */
const LARGEST_BODY_BYTES = PRODUCT_IMAGES_MAX * IMAGE_MAX_BYTES + FORM_FIELDS_MAX * FORM_FIELD_MAX_BYTES;

const answeredWhileSending = new WeakSet<Socket>();

/**
 * A request answered before its body arrived (a guest's upload refused by the auth guard, a file over its size
 * limit) keeps its connection until the client has sent the rest, which is read and dropped. Closing at once
 * made the client's next write fail with EPIPE/ECONNRESET, and most clients other than browsers then reported
 * that instead of the answer already on the wire. Only up to LARGEST_BODY_BYTES is read: a body larger than anything we
 * accept is cut there, long after its answer was sent.
 */
export function registerRefusedBodyDraining(app: FastifyInstance): void {
  app.addHook("onResponse", async (request) => {
    const body = request.raw;
    // Only a real connection's unfinished body says `complete: false`; inject's requests leave it unset.
    if (body.complete !== false || body.destroyed) return;
    const socket = body.socket;
    answeredWhileSending.add(socket);
    let left = LARGEST_BODY_BYTES;
    body.on("data", (chunk: Buffer) => {
      left -= chunk.length;
      if (left < 0) socket.destroy();
    });
    body.resume();
  });
}

/**
 * Whether the connection's request was already answered while its body was still arriving: Node's request
 * timeout then owes the client no second answer on the same connection.
 */
export function wasAnsweredWhileSending(socket: Socket): boolean {
  return answeredWhileSending.has(socket);
}
