import {
  createReviewRequestSchema,
  replyReviewRequestSchema,
  reviewIdParamsSchema,
  reviewListSchema,
  reviewSchema,
  userReviewsParamsSchema,
  userReviewsQuerySchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { requireUser, signedInUser, guardedRoutes } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { presentReview } from "./reviews.presenter.js";
import { createReview, listSellerReviews, replyToReview, type RatingRules } from "./reviews.service.js";

const tags = ["reviews"];

/**
 * Reviews (beyond the spec; ARCHITECTURE.md §4 "Disputes, reviews"): the buyer of a completed deal writes one,
 * its seller replies once, anyone reads a seller's. Who may do what is the service's decision.
 */
export const reviewsRoutes: FastifyPluginAsyncZod<{ db: Db; rules: RatingRules }> = async (app, { db, rules }) => {
  app.get(
    "/users/:username/reviews",
    {
      schema: {
        tags,
        summary: "The reviews a user received as a seller, newest first (only the newest `limit` when given); public",
        params: userReviewsParamsSchema,
        querystring: userReviewsQuerySchema,
        response: { 200: reviewListSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => (await listSellerReviews(db, request.params.username, request.query.limit)).map(presentReview),
  );

  await app.register(
    guardedRoutes(requireUser, async (signedIn) => {
      signedIn.post(
        "/reviews/",
        {
          schema: {
            tags,
            summary: "The buyer's review of a completed deal (1–5 stars and text), once; updates the seller's rating",
            body: createReviewRequestSchema,
            response: { 200: reviewSchema, ...errorResponses(401, 403, 404, 409, 422) },
          },
        },
        async (request) => presentReview(await createReview(db, signedInUser(request).id, request.body, rules)),
      );

      signedIn.post(
        "/reviews/:id/reply",
        {
          // Answering buyers is part of running the shop a seller's program does; leaving a review is not.
          config: { apiScope: "deals:write" },
          schema: {
            tags,
            summary: "The reviewed seller's reply to a review, once",
            params: reviewIdParamsSchema,
            body: replyReviewRequestSchema,
            response: { 200: reviewSchema, ...errorResponses(401, 403, 404, 409, 422) },
          },
        },
        async (request) =>
          presentReview(await replyToReview(db, signedInUser(request).id, request.params.id, request.body.reply)),
      );
    }),
  );
};
