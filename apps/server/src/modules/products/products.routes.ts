import {
  catalogueQuerySchema,
  categoryProductsParamsSchema,
  gameSubcategoryParamsSchema,
  productIdParamsSchema,
  productListSchema,
  productPageSchema,
  productSearchQuerySchema,
  productWithSellerStatsSchema,
  sellerProductsQuerySchema,
  userIdParamsSchema,
  usernameProductsParamsSchema,
  type Product,
  type ProductPage,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { apiScope, optionalUser } from "../../platform/auth/index.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import type { OnlineUsers, Viewer } from "../users/users.service.js";
import { createProductPageCache } from "./products-page.cache.js";
import { createSellerPageCache } from "./products-seller.cache.js";
import { createListingCache, filteredListing, pageKey, type Listing } from "./products-listing.cache.js";
import type { OnlineSellers } from "./products-listing.filters.js";
import { listActiveProducts, listCategoryProducts, listGameSubcategoryProducts } from "./products-listing.service.js";
import type { ProductView } from "./products.views.js";
import { presentProduct, presentProductPage, type PresentContext, type ViewPage } from "./products.presenter.js";
import { listUsernameProducts, listUserProducts, searchProducts } from "./products.service.js";
import { errorResponses } from "../../platform/http/error-responses.js";

export type ProductReadRoutesOptions = {
  db: Db;
  cipher: DataCipher;
  redisUrl: string | undefined;
  presence: OnlineUsers & OnlineSellers;
};

const tags = ["products"];

/**
 * The reading calls of SPEC.md §7 Products. All are public; a signed-in viewer is recognised (optionalUser) so
 * the seller and admins see their own statuses and goods and `is_owner` is right.
 */
export const productReadRoutes: FastifyPluginAsyncZod<ProductReadRoutesOptions> = async (
  app,
  { db, cipher, redisUrl, presence },
) => {
  app.addHook("onRequest", optionalUser);
  apiScope(app, "products:read");

  const context = (viewer: Viewer) => ({ viewer, cipher });
  // Listings and search on sale are public and read far more than they change: they are answered from a cache.
  const listings = await createListingCache(db, { cipher, redisUrl, log: app.log });
  app.addHook("onClose", () => listings.close());
  // A product's page is opened by every buyer who follows its link: answered from a cache of its own.
  const productPages = await createProductPageCache(db, { cipher, presence, redisUrl, log: app.log });
  app.addHook("onClose", () => productPages.close());
  // A seller's own products page and profile read their pages on every visit: answered from a cache too.
  const sellerPages = await createSellerPageCache(db, { redisUrl, log: app.log });
  app.addHook("onClose", () => sellerPages.close());

  app.get(
    "/products/get/all",
    {
      schema: {
        tags,
        summary: "Products on sale, one page, sorted (newest first by default) and filtered",
        querystring: catalogueQuerySchema,
        response: { 200: productPageSchema, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const listing = filteredListing(["all"], request.query);
      return listings.reply(request, reply, pageKey(listing, request.query), productPageSchema, async () =>
        pageListing(await listActiveProducts(db, presence, request.query, listings.pageStart(listing, request.query))),
      );
    },
  );

  app.get(
    "/products/search",
    {
      schema: {
        tags,
        summary:
          "Products on sale matching the words of q, best match first; a game's category_id includes its subcategories",
        querystring: productSearchQuerySchema,
        response: { 200: productPageSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { q, category_id } = request.query;
      // The words as the search splits them, so spacing alone never makes another entry.
      const search = filteredListing(
        [
          "search",
          q
            .split(/\s+/)
            .filter((word) => word !== "")
            .join(" "),
          category_id,
        ],
        request.query,
      );
      return listings.reply(request, reply, pageKey(search, request.query), productPageSchema, async () =>
        pageListing(await searchProducts(db, presence, request.query)),
      );
    },
  );

  app.get(
    "/products/category/:id",
    {
      schema: {
        tags,
        summary: "Products on sale in a category, sorted and filtered; a game includes its subcategories",
        params: categoryProductsParamsSchema,
        querystring: catalogueQuerySchema,
        response: { 200: productListSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const listing = filteredListing(["category", request.params.id], request.query);
      return listings.reply(request, reply, pageKey(listing, request.query), productListSchema, async () =>
        listOf(
          await listCategoryProducts(
            db,
            presence,
            request.params.id,
            request.query,
            listings.pageStart(listing, request.query),
          ),
        ),
      );
    },
  );

  app.get(
    "/products/user/:userId",
    {
      schema: {
        tags,
        summary:
          "A seller's products, one page, newest first: every status for the seller and admins, else those on sale or sold; `shelf` keeps one of the two",
        params: userIdParamsSchema,
        querystring: sellerProductsQuerySchema,
        response: { 200: productListSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) =>
      (await listUserProducts(sellerPages, request.params.userId, request.user, request.query)).map((view) =>
        presentProduct(view, context(request.user)),
      ),
  );

  app.get(
    "/products/user/by-username/:username",
    {
      schema: {
        tags,
        summary:
          "A seller's products by username, one page, newest first: every status for the seller and admins, else those on sale or sold; `shelf` keeps one of the two",
        params: usernameProductsParamsSchema,
        querystring: sellerProductsQuerySchema,
        response: { 200: productListSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) =>
      (await listUsernameProducts(db, sellerPages, request.params.username, request.user, request.query)).map((view) =>
        presentProduct(view, context(request.user)),
      ),
  );

  app.get(
    "/products/:id",
    {
      schema: {
        tags,
        summary: "One product with its seller's stats; product_data only for its seller and admins",
        params: productIdParamsSchema,
        response: { 200: productWithSellerStatsSchema, ...errorResponses(401, 404, 422) },
      },
    },
    (request, reply) => productPages.reply(request, reply, request.params.id),
  );

  app.get(
    "/products/:gameSlug/:subcategorySlug",
    {
      schema: {
        tags,
        summary: "Products on sale in a game's subcategory, both named by slug, sorted and filtered",
        params: gameSubcategoryParamsSchema,
        querystring: catalogueQuerySchema,
        response: { 200: productListSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { gameSlug, subcategorySlug } = request.params;
      const listing = filteredListing(["subcategory", gameSlug, subcategorySlug], request.query);
      return listings.reply(request, reply, pageKey(listing, request.query), productListSchema, async () =>
        listOf(
          await listGameSubcategoryProducts(
            db,
            presence,
            gameSlug,
            subcategorySlug,
            request.query,
            listings.pageStart(listing, request.query),
          ),
        ),
      );
    },
  );
};

function pageListing(page: ViewPage): Listing<ProductPage> {
  return { views: page.views, present: (context: PresentContext) => presentProductPage(page, context) };
}

function listOf(views: ProductView[]): Listing<Product[]> {
  return { views, present: (context: PresentContext) => views.map((view) => presentProduct(view, context)) };
}
