import { createReportRequestSchema, reportSchema } from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import { presentReport } from "./reports.presenter.js";
import { createReport, type ReportDeps } from "./reports.service.js";

const tags = ["reports"];

/** A signed-in user's report of a listing or a user (beyond the spec, issue 19). */
export const reportsRoutes: FastifyPluginAsyncZod<{ deps: ReportDeps }> = async (app, { deps }) => {
  app.addHook("onRequest", requireUser);

  app.post(
    "/reports",
    {
      schema: {
        tags,
        summary: "Report a listing or a user to the admins; a repeat while the same report is open answers that report",
        body: createReportRequestSchema,
        response: { 200: reportSchema, ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => presentReport(await createReport(deps, signedInUser(request), request.body)),
  );
};
