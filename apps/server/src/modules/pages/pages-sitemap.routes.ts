import { Readable } from "node:stream";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.js";
import { robotsTxt } from "./pages-robots.service.js";
import { createSitemaps, type SitemapKind, type SitemapLimits } from "./pages-sitemap.service.js";

export type SitemapRoutesOptions = {
  db: Db;
  /** The origin of the addresses listed: PUBLIC_URL's, or the request's own. */
  originOf: (request: FastifyRequest) => string;
  limits: SitemapLimits;
};

const XML = "application/xml; charset=utf-8";
// Crawlers read these now and then; a proxy may keep them a few minutes, long next to how often they change.
const CACHE_CONTROL = "public, max-age=300";
const hide = { schema: { hide: true } };

/** robots.txt, the sitemap index (/sitemap.xml) and its files, at the site's root as the protocol requires. */
export const sitemapRoutes: FastifyPluginAsync<SitemapRoutesOptions> = async (app, { db, originOf, limits }) => {
  const sitemaps = createSitemaps({ db, limits });

  app.get("/robots.txt", hide, async (request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", CACHE_CONTROL)
      .send(robotsTxt(originOf(request))),
  );
  app.get("/sitemap.xml", hide, async (request, reply) =>
    reply
      .type(XML)
      .header("cache-control", CACHE_CONTROL)
      .send(await sitemaps.index(originOf(request))),
  );
  app.get("/sitemap-pages.xml", hide, async (request, reply) => stream(reply, sitemaps.pages(originOf(request))));
  for (const kind of ["products", "sellers"] as const satisfies SitemapKind[]) {
    const slice = (request: FastifyRequest, reply: FastifyReply, prefix: string) => {
      const file = sitemaps.slice(kind, prefix, originOf(request));
      return file === undefined ? reply.callNotFound() : stream(reply, file);
    };
    app.get(`/sitemap-${kind}.xml`, hide, async (request, reply) => slice(request, reply, ""));
    app.get<{ Params: { prefix: string } }>(`/sitemap-${kind}-:prefix.xml`, hide, async (request, reply) =>
      request.params.prefix === "" ? reply.callNotFound() : slice(request, reply, request.params.prefix),
    );
  }
};

/** A file sent as it is read, a batch of rows at a time. */
function stream(reply: FastifyReply, chunks: AsyncIterable<string>) {
  return reply.type(XML).header("cache-control", CACHE_CONTROL).send(Readable.from(chunks));
}
