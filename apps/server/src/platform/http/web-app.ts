import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { API_PREFIX, MEDIA_PREFIX } from "@lootlane/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

// Paths the browser app never owns: an unknown one there is a JSON 404, not the app's index.html.
const reservedPrefixes = [API_PREFIX, MEDIA_PREFIX, "/socket.io"];

/** Vite's hashed build output. */
const ASSETS_DIR = "assets";

/**
 * A path whose last segment has an extension names a file: every file of a Vite build has one, and no page of
 * the app does, so a page costs no look on disk and a missing file (a stale script, a probe for /.env) is a
 * plain 404.
 */
const FILE_NAME = /\.[A-Za-z0-9]+$/;

const missingBuildText =
  "The Lootlane web app is not built yet.\n\nRun `npm run build` (or `npm start`, which builds what is missing); no restart is needed.\n";

/** The build's index.html, and a version that changes with its content (a rebuild). */
export type WebAppIndex = { html: string; version: string };

/** Answers a page: any GET outside the API that names no file of the build. */
export type PageHandler = (request: FastifyRequest, reply: FastifyReply, index: WebAppIndex) => Promise<unknown>;

/**
 * Serves the built web app from `webDistDir`, looked up on each request so a rebuild is served without a
 * restart. Vite's hashed files under /assets never change, so they are cached for a year; everything else is
 * revalidated on every load so a deploy shows at once. Every path without an extension is a page, whatever the
 * client says it accepts (link-preview bots and health checks accept anything, or say nothing): `answerPage`
 * answers it from index.html.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string, answerPage: PageHandler): Promise<void> {
  const root = path.resolve(webDistDir);
  if (!existsSync(path.join(root, "index.html"))) {
    app.log.warn({ webDistDir: root }, "web app build not found; pages answer 503 until it is built");
  }
  const readIndex = indexReader(path.join(root, "index.html"));

  await app.register(fastifyStatic, {
    root,
    // Only reply.sendFile: the catch-all route below decides what a path means.
    serve: false,
    suppressWarning: true,
    cacheControl: false,
    // The build writes each script and stylesheet brotli- and gzip-compressed beside it (apps/web/vite.config.ts).
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const hashed = path.relative(root, filePath).startsWith(`${ASSETS_DIR}${path.sep}`);
      reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const pathname = (request.params as { "*": string })["*"];
    // Source maps stay on the server for decoding error reports; they are nobody's page either.
    if (isReserved(request.url) || pathname.endsWith(".map")) return reply.callNotFound();
    if (FILE_NAME.test(pathname))
      return (await isFileIn(root, pathname)) ? reply.sendFile(pathname) : reply.callNotFound();
    const index = await readIndex();
    if (index === undefined)
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .header("cache-control", "no-store")
        .send(missingBuildText);
    return answerPage(request, reply, index);
  });
}

function isReserved(url: string): boolean {
  const pathname = url.split("?", 1)[0]!;
  return reservedPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * index.html as it is now: read again only when its size or time changes, so a page costs one stat, not a read,
 * and a rebuild shows at once. Undefined while there is no build.
 */
function indexReader(file: string): () => Promise<WebAppIndex | undefined> {
  let cached: { stamp: string; index: WebAppIndex } | undefined;
  return async () => {
    const stats = await stat(file).catch(() => undefined);
    if (stats === undefined || !stats.isFile()) return undefined;
    const stamp = `${stats.mtimeMs}:${stats.size}`;
    if (cached?.stamp !== stamp) {
      const html = await readFile(file, "utf8");
      cached = { stamp, index: { html, version: createHash("sha1").update(html).digest("base64url") } };
    }
    return cached.index;
  };
}

/** Whether `relative` names a file inside `root`; a path that climbs out of it names nothing. */
async function isFileIn(root: string, relative: string): Promise<boolean> {
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return false;
  return stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );
}
