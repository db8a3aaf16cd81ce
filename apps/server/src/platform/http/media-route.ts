import { createHash } from "node:crypto";
import { MEDIA_PREFIX } from "@lootlane/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors/app-error.js";
import { assertMediaKey } from "../media/media-key.js";
import type { MediaStore } from "../media/media-store.js";

/**
 * GET /media/<key>: stored images, whichever store holds them. A key never changes content (a new image gets
 * a new key), so answers are cached for a year; the ETag lets a revalidating client get a 304.
 */
export function registerMediaRoute(app: FastifyInstance, media: MediaStore): void {
  app.get(`${MEDIA_PREFIX}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { "*": string })["*"];
    const file = isMediaKey(key) ? await media.get(key) : null;
    if (!file) throw new AppError("ROUTE_NOT_FOUND");

    const etag = `"${createHash("sha256").update(file.body).digest("base64url").slice(0, 27)}"`;
    reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("etag", etag)
      // Served with helmet's `X-Content-Type-Options: nosniff`, so a browser never reads an image as HTML.
      .type(file.contentType);
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.send(file.body);
  });
}

/** A path that is no valid key (`..` above all) names no image: a 404, not the store's invalid-key error. */
function isMediaKey(key: string): boolean {
  try {
    assertMediaKey(key);
    return true;
  } catch {
    return false;
  }
}
