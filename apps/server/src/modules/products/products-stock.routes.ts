import {
  addStockRequestSchema,
  addStockResultSchema,
  productIdParamsSchema,
  removeStockResultSchema,
  STOCK_ITEM_MAX,
  STOCK_ITEMS_PER_REQUEST_MAX,
  stockPageSchema,
  stockQuerySchema,
  stockUnitParamsSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { presentStockPage } from "./products.presenter.js";
import { addStock, listStock, removeStock, type StockDeps } from "./products-stock.service.js";

const tags = ["products", "stock"];

/**
 * A body of the most units one request may add, each as long as a unit may be, in ASCII with its JSON quoting:
 * the app's 1 MiB limit for JSON would refuse a list the contract allows.
 */
const STOCK_BODY_LIMIT = STOCK_ITEMS_PER_REQUEST_MAX * (STOCK_ITEM_MAX + 4) + 1024;

/** A seller's stock of an `auto` listing (beyond the spec): read by the seller and admins, changed by the seller. */
export const productStockRoutes: FastifyPluginAsyncZod<StockDeps> = async (app, { db, cipher }) => {
  app.addHook("onRequest", requireUser);

  app.get(
    "/products/:id/stock",
    {
      config: { apiScope: "products:read" },
      schema: {
        tags,
        summary:
          "A listing's units with their state, oldest first (the order they sell in); its seller and admins only",
        params: productIdParamsSchema,
        querystring: stockQuerySchema,
        response: { 200: stockPageSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) =>
      presentStockPage(await listStock(db, signedInUser(request), request.params.id, request.query), cipher),
  );

  app.post(
    "/products/:id/stock",
    {
      config: { apiScope: "stock:write" },
      bodyLimit: STOCK_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Add units, one per line, all or none: a unit repeated or already in the listing is refused by its line; a sold-out listing goes back on sale",
        params: productIdParamsSchema,
        body: addStockRequestSchema,
        response: { 200: addStockResultSchema, ...errorResponses(401, 403, 404, 409, 413, 422) },
      },
    },
    async (request) => addStock({ db, cipher }, signedInUser(request), request.params.id, request.body.stock_items),
  );

  app.delete(
    "/products/:id/stock/:unitId",
    {
      config: { apiScope: "stock:write" },
      schema: {
        tags,
        summary: "Take an unsold unit off the listing; a sold one stays with its buyer",
        params: stockUnitParamsSchema,
        response: { 200: removeStockResultSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ({
      in_stock: await removeStock(db, signedInUser(request), request.params.id, request.params.unitId),
    }),
  );
};
