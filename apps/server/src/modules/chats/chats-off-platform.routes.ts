import { chatIdParamsSchema, chatOffPlatformSummarySchema } from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { requireAdmin } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { chatOffPlatformSummary } from "./chats-off-platform.service.js";

/** What an admin sees of a chat's off-platform contacts beside a dispute (beyond the spec, issue 22). */
export const adminChatOffPlatformRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", requireAdmin);

  app.get(
    "/admin/chats/:id/off-platform",
    {
      schema: {
        tags: ["admin", "chats"],
        summary: "How many of a chat's messages hold contacts or payment details outside Lootlane, and which kinds",
        params: chatIdParamsSchema,
        response: { 200: chatOffPlatformSummarySchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => chatOffPlatformSummary(db, request.params.id),
  );
};
