import { auditLogPageSchema, auditLogQuerySchema, dashboardInfoSchema } from "@lootlane/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { requireAdmin } from "../../platform/auth/index.js";
import { errorResponses } from "../../platform/http/error-responses.js";
import type { Clock } from "../../platform/time/clock.js";
import { dashboardInfo } from "./admin-dashboard.service.js";
import { presentAuditLogPage } from "../audit/audit.presenter.js";
import { listAuditLog } from "../audit/audit.service.js";

const tags = ["admin"];

/** The admin's overview: the dashboard figures and the audit log of every admin action. Admins only. */
export const adminDashboardRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.addHook("onRequest", requireAdmin);

  app.get(
    "/admin/dashboard-info",
    {
      schema: {
        tags,
        summary:
          "Counts of users and products, the moderation queue, open disputes, and the last seven days' deals and turnover",
        response: { 200: dashboardInfoSchema, ...errorResponses(401, 403) },
      },
    },
    () => dashboardInfo(db, clock()),
  );

  app.get(
    "/admin/audit-log",
    {
      schema: {
        tags,
        summary:
          "Every admin action with what it changed, newest first; optionally about one kind of target or one target",
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => presentAuditLogPage(await listAuditLog(db, request.query)),
  );
};
