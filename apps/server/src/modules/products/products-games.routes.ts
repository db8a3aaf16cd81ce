import { gamePageSchema, gameSlugParamsSchema, type GamePage } from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { sendCachedJson } from "../../platform/cache/cached-reply.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { createCatalogueCache } from "./products.events.js";
import { presentGamePage } from "./products-games.presenter.js";
import { getGamePage } from "./products-games.service.js";

export type ProductGamesRoutesOptions = { db: Db; redisUrl: string | undefined };

/**
 * Bounds what sends no catalogue signal: a subcategory an admin adds shows as a tab this long after (the categories
 * module cannot import the products module's signal, which imports it).
 */
const GAME_PAGE_TTL_MS = 10_000;
/** One entry per game: a few hundred games is a few hundred small answers. */
const MAX_CACHED_GAME_PAGES = 500;

/**
 * GET /games/{gameSlug} (issue 21): the head of a game's page. Public and the same for every viewer, so it is
 * answered from memory with an ETag, like the listings below it.
 */
export const productGamesRoutes: FastifyPluginAsyncZod<ProductGamesRoutesOptions> = async (app, { db, redisUrl }) => {
  const pages = await createCatalogueCache<GamePage>(db, {
    name: "games",
    ttlMs: GAME_PAGE_TTL_MS,
    maxEntries: MAX_CACHED_GAME_PAGES,
    redisUrl,
    log: app.log,
  });
  app.addHook("onClose", () => pages.close());

  app.get(
    "/games/:gameSlug",
    {
      schema: {
        tags: ["categories", "products"],
        summary:
          "A game's page: the game, how many products are on sale in it, and its subcategories with theirs (counts stop at the listing count cap)",
        params: gameSlugParamsSchema,
        response: { 200: gamePageSchema, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const { gameSlug } = request.params;
      // An unknown slug is refused before anything is stored, so made-up slugs never fill the cache.
      const answer = await pages.get(gameSlug, async () => {
        const page = presentGamePage(await getGamePage(db, gameSlug));
        return { value: page, body: JSON.stringify(z.encode(gamePageSchema, page)) };
      });
      void reply.header("cache-control", "public, no-cache");
      sendCachedJson(request, reply, answer);
    },
  );
};
