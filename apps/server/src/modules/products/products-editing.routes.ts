import {
  addProductImagesFieldsSchema,
  addProductImagesRequestSchema,
  createProductFieldsSchema,
  createProductRequestSchema,
  PRODUCT_IMAGES_FIELD,
  productDetailSchema,
  productIdQuerySchema,
  successResponseSchema,
  updateProductFieldsSchema,
  updateProductRequestSchema,
} from "@lootlane/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiScope, requireUser, signedInUser } from "../../platform/auth/index.js";
import { parseFormFields, readMultipartForm } from "../../platform/images/upload-request.js";
import {
  addProductImages,
  createProduct,
  deleteProduct,
  editProduct,
  type EditingDeps,
} from "./products-editing.service.js";
import { presentProductDetail } from "./products.presenter.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { multipartBody } from "../../platform/http/request-parsing.js";

export type ProductEditingRoutesOptions = Omit<EditingDeps, "log">;

const tags = ["products"];
const uploadErrors = errorResponses(400, 401, 403, 404, 409, 413, 422, 429);

/**
 * A seller's calls of SPEC.md §7 Products: create, edit, add images, delete. The guard runs onRequest, before
 * the body is read: a guest gets 401 and a guest's upload is never looked at.
 */
export const productEditingRoutes: FastifyPluginAsyncZod<ProductEditingRoutesOptions> = async (
  app,
  { db, media, cipher, limiter, uploadLimits },
) => {
  const depsOf = (request: FastifyRequest): EditingDeps => ({
    db,
    media,
    cipher,
    limiter,
    uploadLimits,
    log: request.log,
  });
  app.addHook("onRequest", requireUser);
  apiScope(app, "products:write");

  app.post(
    "/products/",
    {
      schema: {
        tags,
        summary: "List a product for sale: it waits in moderation until an admin approves it",
        consumes: ["multipart/form-data"],
        body: createProductRequestSchema,
        response: { 200: productDetailSchema, ...uploadErrors },
      },
      ...multipartBody,
    },
    async (request) => {
      const user = signedInUser(request);
      const form = await readMultipartForm(request, PRODUCT_IMAGES_FIELD);
      const fields = parseFormFields(createProductFieldsSchema, form.fields);
      const view = await createProduct(depsOf(request), user.id, fields, form.files);
      return presentProductDetail(view, { viewer: user, cipher });
    },
  );

  app.patch(
    "/products/",
    {
      schema: {
        tags,
        summary: "Change the sent fields of an own product, delete and add images; content edits go back to moderation",
        consumes: ["multipart/form-data"],
        body: updateProductRequestSchema,
        response: { 200: productDetailSchema, ...uploadErrors },
      },
      ...multipartBody,
    },
    async (request) => {
      const user = signedInUser(request);
      const form = await readMultipartForm(request, PRODUCT_IMAGES_FIELD);
      const fields = parseFormFields(updateProductFieldsSchema, form.fields);
      const view = await editProduct(depsOf(request), user, fields, form.files);
      return presentProductDetail(view, { viewer: user, cipher });
    },
  );

  app.patch(
    "/products/images",
    {
      schema: {
        tags,
        summary: "Add images to an own product (at most 10 in all)",
        consumes: ["multipart/form-data"],
        body: addProductImagesRequestSchema,
        response: { 200: productDetailSchema, ...uploadErrors },
      },
      ...multipartBody,
    },
    async (request) => {
      const user = signedInUser(request);
      const form = await readMultipartForm(request, PRODUCT_IMAGES_FIELD);
      const { product_id } = parseFormFields(addProductImagesFieldsSchema, form.fields);
      const view = await addProductImages(depsOf(request), user, product_id, form.files);
      return presentProductDetail(view, { viewer: user, cipher });
    },
  );

  app.delete(
    "/products/",
    {
      schema: {
        tags,
        summary: "Delete an own product (it disappears everywhere); not while it is in an open deal",
        querystring: productIdQuerySchema,
        response: { 200: successResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await deleteProduct(depsOf(request), signedInUser(request), request.query.product_id);
      return { success: true as const };
    },
  );
};
