import { productDetailSchema, productIdParamsSchema, relistProductBodySchema } from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { apiScope, requireUser, signedInUser } from "../../platform/auth/index.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { pauseProduct, relistProduct, resumeProduct } from "./products-control.service.js";
import { presentProductDetail } from "./products.presenter.js";

export type ProductControlRoutesOptions = { db: Db; cipher: DataCipher };

const tags = ["products"];
const controlErrors = errorResponses(401, 403, 404, 409, 422);

/** The seller's pause, resume and relist of an own listing (beyond the spec, issue 19). Each answers the listing. */
export const productControlRoutes: FastifyPluginAsyncZod<ProductControlRoutesOptions> = async (app, { db, cipher }) => {
  app.addHook("onRequest", requireUser);
  apiScope(app, "products:write");

  app.post(
    "/products/:id/pause",
    {
      schema: {
        tags,
        summary: "Take an own listing on sale off sale for now: hidden from listings and search, stock kept",
        params: productIdParamsSchema,
        response: { 200: productDetailSchema, ...controlErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return presentProductDetail(await pauseProduct(db, user, request.params.id), { viewer: user, cipher });
    },
  );

  app.post(
    "/products/:id/resume",
    {
      schema: {
        tags,
        summary: "Put an own paused listing back on sale; it needs stock (else OUT_OF_STOCK)",
        params: productIdParamsSchema,
        response: { 200: productDetailSchema, ...controlErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return presentProductDetail(await resumeProduct(db, user, request.params.id), { viewer: user, cipher });
    },
  );

  app.post(
    "/products/:id/relist",
    {
      schema: {
        tags,
        summary:
          "Put an own sold-out or paused listing back on sale: a manual one with the quantity sent, an automatic one with the units it has",
        params: productIdParamsSchema,
        body: relistProductBodySchema,
        response: { 200: productDetailSchema, ...controlErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const view = await relistProduct(db, user, request.params.id, request.body);
      return presentProductDetail(view, { viewer: user, cipher });
    },
  );
};
