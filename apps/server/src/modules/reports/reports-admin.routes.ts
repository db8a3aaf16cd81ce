import {
  adminReportsQuerySchema,
  reportIdParamsSchema,
  reportPageSchema,
  reportSchema,
  resolveReportRequestSchema,
} from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { requireAdmin, signedInUser } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import type { Clock } from "../../platform/time/clock.js";
import { presentReport, presentReportPage } from "./reports.presenter.js";
import { listAdminReports, resolveReport } from "./reports.service.js";

const tags = ["admin", "reports"];

/** The admins' queue of reports: read it, resolve or dismiss each report (beyond the spec, issue 19). */
export const adminReportsRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.addHook("onRequest", requireAdmin);

  app.get(
    "/admin/reports",
    {
      schema: {
        tags,
        summary: "Reports (or those of one status), newest first, with what each is about and who sent it",
        querystring: adminReportsQuerySchema,
        response: { 200: reportPageSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => presentReportPage(await listAdminReports(db, request.query)),
  );

  app.post(
    "/admin/reports/:id/resolve",
    {
      schema: {
        tags,
        summary: "Decide an open report: resolved (acted on) or dismissed, with an optional note",
        params: reportIdParamsSchema,
        body: resolveReportRequestSchema,
        response: { 200: reportSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      presentReport(await resolveReport({ db, clock }, signedInUser(request), request.params.id, request.body)),
  );
};
