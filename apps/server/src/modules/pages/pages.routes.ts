import { LANGUAGE_STORAGE_KEY, type Locale } from "@lootlane/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.js";
import { matchesEtag } from "../../platform/cache/response-cache.js";
import { registerWebApp, type WebAppIndex } from "../../platform/http/web-app.js";
import type { OnlineUsers } from "../users/users.service.js";
import { compileDocument, type DocumentFrame } from "./pages-document.render.js";
import { createPageCache } from "./pages-heads.cache.js";
import { renderHeadTags } from "./pages-heads.render.js";
import { loadPageAnswer, plainHead, readsData, type PageSite } from "./pages-heads.service.js";
import { sitemapRoutes } from "./pages-sitemap.routes.js";
import type { SitemapLimits } from "./pages-sitemap.service.js";
import { matchPage } from "./pages.paths.js";

export type PagesRoutesOptions = {
  db: Db;
  presence: OnlineUsers;
  redisUrl: string | undefined;
  /** PUBLIC_URL: the origin of canonical links; without it, the request's own. */
  publicUrl: string | undefined;
  webDistDir: string;
  sitemapLimits: SitemapLimits;
};

/**
 * The web app's pages (every GET outside the API, media and the build's files), robots.txt and the sitemaps.
 * A page is the build's index.html with the page's head (title, description, canonical link, previews, JSON-LD)
 * in the visitor's language (the `user-language` cookie the app sets), and a real status: 404 for a path the app
 * has not and for a product, profile or game that is not there, so search engines drop it. The app then takes
 * over as before.
 */
export const pagesRoutes: FastifyPluginAsync<PagesRoutesOptions> = async (app, options) => {
  const { db, presence, publicUrl } = options;
  const cache = await createPageCache(db, { redisUrl: options.redisUrl, log: app.log });
  app.addHook("onClose", () => cache.close());
  const fixedOrigin = publicUrl === undefined ? undefined : new URL(publicUrl).origin;
  const originOf = (request: FastifyRequest): string => fixedOrigin ?? requestOrigin(request);
  const siteOf = (request: FastifyRequest): PageSite => ({ language: languageOf(request), origin: originOf(request) });
  let frame: { version: string; render: DocumentFrame } | undefined;
  const frameOf = (index: WebAppIndex): DocumentFrame => {
    if (frame?.version !== index.version) frame = { version: index.version, render: compileDocument(index.html) };
    return frame.render;
  };

  await registerWebApp(app, options.webDistDir, async (request, reply, index) => {
    const site = siteOf(request);
    const pathname = request.url.split("?", 1)[0]!;
    const match = matchPage(pathname);
    const render = frameOf(index);
    // The language comes from a cookie, so a shared cache must keep one copy per cookie.
    void reply.type("text/html; charset=utf-8").header("vary", "cookie").header("cache-control", "no-cache");
    if (match === undefined || !readsData(match)) {
      const { status, head } = await loadPageAnswer({ db, presence }, match, site);
      return reply.code(status).send(render(site.language, renderHeadTags(head)));
    }
    const key = JSON.stringify([index.version, site.origin, site.language, pathname]);
    let page;
    try {
      page = await cache.get(key, async () => {
        const { status, head } = await loadPageAnswer({ db, presence }, match, site);
        return { value: status, body: render(site.language, renderHeadTags(head)) };
      });
    } catch (error) {
      // Without its data the page still opens: the app shows the visitor what went wrong, search engines come back.
      request.log.error({ err: error }, "page head not read; the page is served without it");
      const head = plainHead({ path: match.path, indexed: false }, site);
      return reply
        .code(503)
        .header("cache-control", "no-store")
        .send(render(site.language, renderHeadTags(head)));
    }
    if (page.value === 404) return reply.code(404).send(page.body);
    void reply.header("etag", page.etag);
    if (matchesEtag(request.headers["if-none-match"], page.etag)) return reply.code(304).send();
    return reply.send(page.body);
  });

  await app.register(sitemapRoutes, { db, originOf, limits: options.sitemapLimits });
};

function languageOf(request: FastifyRequest): Locale {
  return request.cookies[LANGUAGE_STORAGE_KEY] === "ru" ? "ru" : "en";
}

/** The origin the request was sent to (a trusted proxy's X-Forwarded-Proto counts), as a top-up's return address is. */
function requestOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return `${request.protocol}://localhost`;
  }
}
