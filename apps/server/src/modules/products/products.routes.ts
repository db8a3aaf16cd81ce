import {
  categoryProductsParamsSchema,
  gameSubcategoryParamsSchema,
  pageQuerySchema,
  productDetailSchema,
  productIdParamsSchema,
  productListSchema,
  productPageSchema,
  productSearchQuerySchema,
  userIdParamsSchema,
  usernameProductsParamsSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { optionalUser } from "../../platform/auth/index.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import type { Viewer } from "../users/users.service.js";
import { presentProduct, presentProductDetail, presentProductPage } from "./products.presenter.js";
import {
  getProductView,
  listActiveProducts,
  listCategoryProducts,
  listGameSubcategoryProducts,
  listUsernameProducts,
  listUserProducts,
  searchProducts,
} from "./products.service.js";
import { errorResponses } from "../../platform/http/error-responses.js";

export type ProductReadRoutesOptions = { db: Db; cipher: DataCipher };

const tags = ["products"];

/**
 * The reading calls of SPEC.md §7 Products. All are public; a signed-in viewer is recognised (optionalUser) so
 * the seller and admins see their own statuses and goods and `is_owner` is right.
 */
export const productReadRoutes: FastifyPluginAsyncZod<ProductReadRoutesOptions> = async (app, { db, cipher }) => {
  const context = (viewer: Viewer) => ({ viewer, cipher });

  app.get(
    "/products/get/all",
    {
      onRequest: optionalUser,
      schema: { tags, summary: "Products on sale, newest first, one page", querystring: pageQuerySchema, response: { 200: productPageSchema, ...errorResponses(401, 422) } },
    },
    async (request) => presentProductPage(await listActiveProducts(db, request.query), context(request.user)),
  );

  app.get(
    "/products/search",
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary: "Products on sale matching the words of q, best match first; a game's category_id includes its subcategories",
        querystring: productSearchQuerySchema,
        response: { 200: productPageSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => presentProductPage(await searchProducts(db, request.query), context(request.user)),
  );

  app.get(
    "/products/category/:id",
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary: "Products on sale in a category; a game includes its subcategories",
        params: categoryProductsParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: productListSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => (await listCategoryProducts(db, request.params.id, request.query)).map((view) => presentProduct(view, context(request.user))),
  );

  app.get(
    "/products/user/:userId",
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary: "A seller's products: every status for the seller and admins, else those on sale or sold",
        params: userIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: productListSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) =>
      (await listUserProducts(db, request.params.userId, request.user, request.query)).map((view) => presentProduct(view, context(request.user))),
  );

  app.get(
    "/products/user/by-username/:username",
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary: "A seller's products by username: every status for the seller and admins, else those on sale or sold",
        params: usernameProductsParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: productListSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) =>
      (await listUsernameProducts(db, request.params.username, request.user, request.query)).map((view) => presentProduct(view, context(request.user))),
  );

  app.get(
    "/products/:id",
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary: "One product; product_data only for its seller and admins",
        params: productIdParamsSchema,
        response: { 200: productDetailSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => presentProductDetail(await getProductView(db, request.params.id, request.user), context(request.user)),
  );

  app.get(
    "/products/:gameSlug/:subcategorySlug",
    {
      onRequest: optionalUser,
      schema: {
        tags,
        summary: "Products on sale in a game's subcategory, both named by slug",
        params: gameSubcategoryParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: productListSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) =>
      (await listGameSubcategoryProducts(db, request.params.gameSlug, request.params.subcategorySlug, request.query)).map((view) =>
        presentProduct(view, context(request.user)),
      ),
  );
};
