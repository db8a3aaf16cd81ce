import { errorResponseSchema, healthResponseSchema } from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { checkHealth } from "./health.service.js";

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["health"],
        summary: "Whether this instance and its database can serve requests",
        response: { 200: healthResponseSchema, 503: errorResponseSchema },
      },
    },
    () => checkHealth(db),
  );
};
