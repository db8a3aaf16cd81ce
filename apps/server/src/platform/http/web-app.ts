import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { API_PREFIX, MEDIA_PREFIX } from "@lootlane/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";

// Paths the browser app never owns: an unknown one there is a JSON 404, not the app's index.html.
const reservedPrefixes = [API_PREFIX, MEDIA_PREFIX, "/socket.io"];

const missingBuildText =
  "The Lootlane web app is not built yet.\n\nRun `npm run build` (or `npm start`, which builds what is missing); no restart is needed.\n";

/**
 * Serves the built web app from `webDistDir`, looked up on each request so a rebuild is served without a
 * restart. Vite's hashed files under /assets never change, so they are cached for a year; everything else
 * (index.html above all) is revalidated on every load so a deploy shows at once. Any other GET for an HTML
 * page answers index.html and the client-side router takes over.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const root = path.resolve(webDistDir);
  if (!existsSync(path.join(root, "index.html"))) {
    app.log.warn({ webDistDir: root }, "web app build not found; pages answer 503 until it is built");
  }

  await app.register(fastifyStatic, {
    root,
    // Only reply.sendFile: the catch-all route below decides what a path means.
    serve: false,
    suppressWarning: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const hashed = path.relative(root, filePath).startsWith(`assets${path.sep}`);
      reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const pathname = (request.params as { "*": string })["*"];
    // Source maps stay on the server for decoding error reports; they are nobody's page either.
    if (isReserved(request.url) || pathname.endsWith(".map")) return reply.callNotFound();
    if (await isFileIn(root, pathname)) return reply.sendFile(pathname);
    if (!acceptsHtml(request)) return reply.callNotFound();
    if (await isFileIn(root, "index.html")) return reply.sendFile("index.html");
    return reply.code(503).type("text/plain; charset=utf-8").header("cache-control", "no-store").send(missingBuildText);
  });
}

function isReserved(url: string): boolean {
  const pathname = url.split("?", 1)[0]!;
  return reservedPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** A browser navigation (to a client-side route) asks for HTML; scripts, images and fetches do not. */
function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? "").includes("text/html");
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
