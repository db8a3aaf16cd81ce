import {
  adminProductsQuerySchema,
  moderationResultSchema,
  productDetailSchema,
  productIdBodySchema,
  productPageSchema,
  rejectProductBodySchema,
  takeDownProductBodySchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { requireAdmin, signedInUser } from "../../platform/auth/index.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import type { Clock } from "../../platform/time/clock.js";
import { approveProduct, rejectProduct, takeDownProduct } from "./products-moderation.service.js";
import { presentProductDetail, presentProductPage } from "./products.presenter.js";
import { listAdminProducts } from "./products.service.js";
import { errorResponses } from "../../platform/http/error-responses.js";

export type AdminProductRoutesOptions = { db: Db; cipher: DataCipher; clock: Clock };

const tags = ["admin", "products"];
const moderationErrors = errorResponses(401, 403, 404, 409, 422);

/** Moderation (SPEC.md §7 Admin, and the client's second approve path under /products). Admins only. */
export const adminProductRoutes: FastifyPluginAsyncZod<AdminProductRoutesOptions> = async (
  app,
  { db, cipher, clock },
) => {
  app.addHook("onRequest", requireAdmin);
  const moderation = { db, clock };

  app.get(
    "/admin/products",
    {
      schema: {
        tags,
        summary:
          "Every product (or those of one status) with the goods: without a status, those in moderation first, then newest",
        querystring: adminProductsQuerySchema,
        response: { 200: productPageSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const { status, ...paging } = request.query;
      return presentProductPage(await listAdminProducts(db, status, paging), { viewer: signedInUser(request), cipher });
    },
  );

  for (const path of ["/admin/products/approve", "/products/approve"]) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: "Approve a product in moderation: it goes on sale",
          body: productIdBodySchema,
          response: { 200: moderationResultSchema, ...moderationErrors },
        },
      },
      async (request) => {
        await approveProduct(moderation, signedInUser(request), request.body.product_id);
        return true as const;
      },
    );
  }

  app.post(
    "/admin/products/reject",
    {
      schema: {
        tags,
        summary: "Reject a product in moderation, with the reason its seller reads",
        body: rejectProductBodySchema,
        response: { 200: moderationResultSchema, ...moderationErrors },
      },
    },
    async (request) => {
      await rejectProduct(moderation, signedInUser(request), request.body.product_id, request.body.reason);
      return true as const;
    },
  );

  app.post(
    "/admin/products/take-down",
    {
      schema: {
        tags,
        summary:
          "Take a listing that passed moderation off sale for good (withdrawn), with the reason its seller reads",
        body: takeDownProductBodySchema,
        response: { 200: productDetailSchema, ...moderationErrors },
      },
    },
    async (request) => {
      const admin = signedInUser(request);
      const view = await takeDownProduct(moderation, admin, request.body.product_id, request.body.reason);
      return presentProductDetail(view, { viewer: admin, cipher });
    },
  );
};
