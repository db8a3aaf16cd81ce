import {
  CATEGORY_IMAGE_FIELD,
  categoryIdParamsSchema,
  categoryListSchema,
  categorySchema,
  createCategoryFieldsSchema,
  createCategoryRequestSchema,
  gameIdParamsSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { requireAdmin, signedInUser, guardedRoutes } from "../../platform/auth/index.js";
import { parseFormFields, readSingleFileForm } from "../../platform/images/upload-request.js";
import type { MediaStore } from "../../platform/media/media-store.js";
import { presentCategory } from "./categories.presenter.js";
import { createCategory } from "./categories-editing.service.js";
import { listCategories, listGameSubcategories, listSubcategories } from "./categories.service.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { multipartBody } from "../../platform/http/request-parsing.js";

const tags = ["categories"];

/** SPEC.md §7 Categories: reading is public, adding one is for admins. */
export const categoriesRoutes: FastifyPluginAsyncZod<{ db: Db; media: MediaStore }> = async (app, { db, media }) => {
  app.get(
    "/categories/all",
    {
      schema: {
        tags,
        summary: "Every category: games (no parent_id) and their subcategories",
        response: { 200: categoryListSchema },
      },
    },
    async () => (await listCategories(db)).map(presentCategory),
  );

  app.get(
    "/categories/game/:gameId",
    {
      schema: {
        tags,
        summary: "The subcategories (kinds of goods) of a game",
        params: gameIdParamsSchema,
        response: { 200: categoryListSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => (await listGameSubcategories(db, request.params.gameId)).map(presentCategory),
  );

  app.get(
    "/categories/subcategories/:id",
    {
      schema: {
        tags,
        summary: "The subcategories of a category",
        params: categoryIdParamsSchema,
        response: { 200: categoryListSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => (await listSubcategories(db, request.params.id)).map(presentCategory),
  );

  await app.register(
    guardedRoutes(requireAdmin, async (admins) => {
      admins.post(
        "/admin/category",
        {
          // Before the body is read: a non-admin's upload is never looked at.
          schema: {
            tags: ["admin", ...tags],
            summary: "Add a game, or with parent_category_id a subcategory of a game, with its image",
            consumes: ["multipart/form-data"],
            // For the API documentation only (multipartBody).
            body: createCategoryRequestSchema,
            response: { 200: categorySchema, ...errorResponses(400, 401, 403, 404, 409, 413, 422) },
          },
          ...multipartBody,
        },
        async (request) => {
          const form = await readSingleFileForm(request, CATEGORY_IMAGE_FIELD);
          const fields = parseFormFields(createCategoryFieldsSchema, form.fields);
          return presentCategory(
            await createCategory({ db, media, log: request.log }, signedInUser(request), fields, form.file),
          );
        },
      );
    }),
  );
};
