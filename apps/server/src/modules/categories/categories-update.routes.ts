import {
  CATEGORY_IMAGE_FIELD,
  categoryIdParamsSchema,
  categoryListSchema,
  categorySchema,
  reorderCategoriesRequestSchema,
  replaceCategoryImageRequestSchema,
  updateCategoryRequestSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { guardedRoutes, requireAdmin, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { multipartBody } from "../../platform/http/request-parsing.js";
import { readSingleFileUpload } from "../../platform/images/upload-request.js";
import type { MediaStore } from "../../platform/media/media-store.js";
import { presentCategory } from "./categories.presenter.js";
import {
  deleteCategory,
  reorderCategories,
  replaceCategoryImage,
  updateCategory,
} from "./categories-editing.service.js";
import { listCategories } from "./categories.service.js";

const tags = ["admin", "categories"];

/** Issues 22 and 23: an admin reads every category (hidden ones too) and changes, reorders, hides or deletes one. */
export const categoryUpdateRoutes: FastifyPluginAsyncZod<{
  db: Db;
  media: MediaStore;
  catalogueChanged: (db: Db) => void;
}> = async (app, { db, media, catalogueChanged }) => {
  await app.register(
    guardedRoutes(requireAdmin, async (admins) => {
      admins.get(
        "/admin/categories",
        {
          schema: {
            tags,
            summary: "Every category, hidden ones too, games first, each group in the admin's order",
            response: { 200: categoryListSchema, ...errorResponses(401, 403) },
          },
        },
        async () => (await listCategories(db, { withHidden: true })).map(presentCategory),
      );

      admins.patch(
        "/admin/category/:id",
        {
          schema: {
            tags,
            summary:
              "Change a category's names, descriptions, hidden flag or guarantee_days (0–365, or null to take its " +
              "game's); a rename keeps the slug, so shared links keep working",
            params: categoryIdParamsSchema,
            body: updateCategoryRequestSchema,
            response: { 200: categorySchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
          },
        },
        async (request) =>
          presentCategory(
            await updateCategory({ db, catalogueChanged }, signedInUser(request), request.params.id, request.body),
          ),
      );

      admins.put(
        "/admin/category/:id/image",
        {
          schema: {
            tags,
            summary: "Replace a category's image (.jpg, .jpeg or .png in uploaded_image); the old one is removed",
            consumes: ["multipart/form-data"],
            params: categoryIdParamsSchema,
            // For the API documentation only (multipartBody).
            body: replaceCategoryImageRequestSchema,
            response: { 200: categorySchema, ...errorResponses(400, 401, 403, 404, 413, 422) },
          },
          ...multipartBody,
        },
        async (request) => {
          const upload = await readSingleFileUpload(request, CATEGORY_IMAGE_FIELD);
          return presentCategory(
            await replaceCategoryImage(
              { db, media, log: request.log, catalogueChanged },
              signedInUser(request),
              request.params.id,
              upload,
            ),
          );
        },
      );

      admins.post(
        "/admin/categories/reorder",
        {
          schema: {
            tags,
            summary: "Set the order of one parent's children (parent_id null: the games); ids are all of them",
            body: reorderCategoriesRequestSchema,
            response: { 200: categoryListSchema, ...errorResponses(400, 401, 403, 404, 422) },
          },
        },
        async (request) =>
          (await reorderCategories({ db, catalogueChanged }, signedInUser(request), request.body)).map(presentCategory),
      );

      admins.delete(
        "/admin/category/:id",
        {
          schema: {
            tags,
            summary: "Delete a category with no subcategories and no products under it",
            params: categoryIdParamsSchema,
            response: { 204: z.undefined().describe("Deleted"), ...errorResponses(401, 403, 404, 409, 422) },
          },
        },
        async (request, reply) => {
          await deleteCategory(
            { db, media, log: request.log, catalogueChanged },
            signedInUser(request),
            request.params.id,
          );
          return reply.code(204).send();
        },
      );
    }),
  );
};
