import type {
  adminReportsQuerySchema,
  createReportRequestSchema,
  resolveReportRequestSchema,
} from "@lootlane/contract";
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { productImages, products, type ProductStatus } from "../../db/schema/catalog.js";
import { reports, type Report as ReportRow } from "../../db/schema/reports.js";
import { users } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/index.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { RateLimiter, RateLimitRule } from "../../platform/rate-limit/rate-limiter.js";
import type { Clock } from "../../platform/time/clock.js";
import { recordAdminAction } from "../audit/audit.service.js";
import { notify } from "../notifications/notifications.service.js";
import { findVisibleProduct } from "../products/products.service.js";
import { getProfile } from "../users/users.service.js";

export type ReportDeps = { db: Db; limiter: RateLimiter };

/**
 * Reports a user may send an hour. Enough for someone who finds a seller's whole shelf of fakes; too few to
 * flood the admins' queue. A repeat of an open report is not counted.
 */
const REPORTS_PER_HOUR = 10;
const reportsPerHour: RateLimitRule = {
  name: "report:user",
  max: REPORTS_PER_HOUR,
  windowMs: 60 * 60 * 1000,
  code: "REPORT_RATE_LIMITED",
};

/** A report with what its answer shows of the reporter, the target and the admin who decided it. */
export type ReportView = {
  report: ReportRow;
  reporter: { id: string; username: string };
  product: { id: string; title: string; status: ProductStatus; thumbnailUrl: string | null } | null;
  user: { id: string; username: string; isBanned: boolean } | null;
  resolver: { id: string; username: string } | null;
};

export type ReportPage = { views: ReportView[]; total: number; page: number; perPage: number };

/**
 * POST /reports: a signed-in user reports a listing they can see or a user, never themself or their own listing.
 * While their report of the same target waits, a repeat answers that report and adds nothing.
 */
export async function createReport(
  { db, limiter }: ReportDeps,
  reporter: AuthUser,
  request: z.output<typeof createReportRequestSchema>,
): Promise<ReportView> {
  const target = await targetOf(db, reporter, request);
  const open = await reportOf(db, reporter.id, target, { openOnly: true });
  if (open) return loadReportView(db, open);
  const counted = await limiter.reserve(reportsPerHour, reporter.id);
  // The open-report unique indexes settle a race of two identical reports: the second inserts nothing.
  const [inserted] = await db
    .insert(reports)
    .values({ reporterId: reporter.id, ...target, reason: request.reason, text: request.text })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (inserted) return loadReportView(db, inserted.id);
  await counted.cancel();
  // The report that won the race, whatever an admin may have decided about it since.
  return loadReportView(db, (await reportOf(db, reporter.id, target, { openOnly: false }))!);
}

/** GET /admin/reports: newest first, optionally of one status. */
export async function listAdminReports(db: Db, query: z.output<typeof adminReportsQuerySchema>): Promise<ReportPage> {
  const where = query.status === undefined ? undefined : eq(reports.status, query.status);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: reports.id })
      .from(reports)
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(reports).where(where),
  ]);
  return {
    views: await loadReportViews(
      db,
      rows.map((row) => row.id),
    ),
    total: counted?.total ?? 0,
    page: query.page,
    perPage: query.per_page,
  };
}

/**
 * POST /admin/reports/{id}/resolve: an open report is decided once (resolved: acted on; dismissed: nothing to do),
 * with the admin's note, and written to the audit log and told to the reporter in the same transaction. Of two
 * admins deciding at once the second gets REPORT_ALREADY_DECIDED.
 */
export async function resolveReport(
  { db, clock }: { db: Db; clock: Clock },
  admin: AuthUser,
  reportId: string,
  { status, note }: z.output<typeof resolveReportRequestSchema>,
): Promise<ReportView> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({ status: reports.status })
      .from(reports)
      .where(eq(reports.id, reportId))
      .for("update");
    if (!report) throw new AppError("REPORT_NOT_FOUND");
    if (report.status !== "open") throw new AppError("REPORT_ALREADY_DECIDED");
    const resolutionNote = note === undefined || note === "" ? null : note;
    await tx
      .update(reports)
      .set({ status, resolutionNote, resolvedBy: admin.id, resolvedAt: sql`now()` })
      .where(eq(reports.id, reportId));
    await recordAdminAction(tx, admin, {
      action: "report.resolve",
      targetType: "report",
      targetId: reportId,
      before: { status: report.status },
      after: { status, note: resolutionNote },
    });
    const view = await loadReportView(tx, reportId);
    await notify(tx, clock, view.reporter.id, {
      event: "report_resolved",
      params: {
        report_id: reportId,
        decision: status,
        subject: view.product?.title ?? view.user?.username ?? "",
        note: resolutionNote,
      },
    });
    return view;
  });
}

type Target = { target: "product"; productId: string } | { target: "user"; userId: string };

/** What the report is about, if the reporter may report it. */
async function targetOf(
  db: Db,
  reporter: AuthUser,
  request: z.output<typeof createReportRequestSchema>,
): Promise<Target> {
  if (request.target === "product") {
    // A listing the reporter cannot see (in moderation, deleted) does not exist for them.
    const product = await findVisibleProduct(db, request.product_id!, reporter);
    if (product.sellerId === reporter.id) throw new AppError("CANNOT_REPORT_YOURSELF");
    return { target: "product", productId: product.id };
  }
  const { user } = await getProfile(db, request.username!, reporter);
  if (user.id === reporter.id) throw new AppError("CANNOT_REPORT_YOURSELF");
  return { target: "user", userId: user.id };
}

/** The reporter's latest report of the target, or only an open one. */
async function reportOf(
  db: Db,
  reporterId: string,
  target: Target,
  { openOnly }: { openOnly: boolean },
): Promise<string | undefined> {
  const about: SQL =
    target.target === "product" ? eq(reports.productId, target.productId) : eq(reports.userId, target.userId);
  const [latest] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), about, openOnly ? eq(reports.status, "open") : undefined))
    .orderBy(desc(reports.createdAt))
    .limit(1);
  return latest?.id;
}

async function loadReportView(db: Db, id: string): Promise<ReportView> {
  const [view] = await loadReportViews(db, [id]);
  if (!view) throw new AppError("REPORT_NOT_FOUND");
  return view;
}

const reporterUser = alias(users, "reporter");
const reportedUser = alias(users, "reported");
const resolverUser = alias(users, "resolver");

/** Reports by id, in the order of `ids`, each with its people and target: one query whatever the number. */
async function loadReportViews(db: Db, ids: readonly string[]): Promise<ReportView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      report: reports,
      reporterUsername: reporterUser.username,
      productTitle: products.title,
      productStatus: products.status,
      productThumbnail: sql<string | null>`(
        select ${productImages.thumbnailUrl} from ${productImages}
        where ${productImages.productId} = ${reports.productId}
        order by ${productImages.position}, ${productImages.createdAt}, ${productImages.id} limit 1
      )`,
      reportedUsername: reportedUser.username,
      reportedIsBanned: reportedUser.isBanned,
      resolverUsername: resolverUser.username,
    })
    .from(reports)
    .innerJoin(reporterUser, eq(reporterUser.id, reports.reporterId))
    .leftJoin(products, eq(products.id, reports.productId))
    .leftJoin(reportedUser, eq(reportedUser.id, reports.userId))
    .leftJoin(resolverUser, eq(resolverUser.id, reports.resolvedBy))
    .where(inArray(reports.id, [...ids]));
  const byId = new Map(
    rows.map((row): [string, ReportView] => {
      const { report } = row;
      return [
        report.id,
        {
          report,
          reporter: { id: report.reporterId, username: row.reporterUsername },
          product:
            report.productId === null
              ? null
              : {
                  id: report.productId,
                  title: row.productTitle!,
                  status: row.productStatus!,
                  thumbnailUrl: row.productThumbnail,
                },
          user:
            report.userId === null
              ? null
              : { id: report.userId, username: row.reportedUsername!, isBanned: row.reportedIsBanned! },
          resolver: report.resolvedBy === null ? null : { id: report.resolvedBy, username: row.resolverUsername! },
        },
      ];
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
