import { categoryIdParamsSchema, categorySchema, updateCategoryRequestSchema } from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { guardedRoutes, requireAdmin, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { presentCategory } from "./categories.presenter.js";
import { updateCategory } from "./categories.service.js";

/** Issue 22: an admin changes a category; for now its guarantee period. */
export const categoryUpdateRoutes: FastifyPluginAsyncZod<{ db: Db; catalogueChanged: (db: Db) => void }> = async (
  app,
  deps,
) => {
  await app.register(
    guardedRoutes(requireAdmin, async (admins) => {
      admins.patch(
        "/admin/category/:id",
        {
          schema: {
            tags: ["admin", "categories"],
            summary: "Change a category: guarantee_days (0–365 days after receipt, or null to take its game's)",
            params: categoryIdParamsSchema,
            body: updateCategoryRequestSchema,
            response: { 200: categorySchema, ...errorResponses(400, 401, 403, 404, 422) },
          },
        },
        async (request) =>
          presentCategory(await updateCategory(deps, signedInUser(request), request.params.id, request.body)),
      );
    }),
  );
};
