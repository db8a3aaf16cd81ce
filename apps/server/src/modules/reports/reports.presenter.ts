import type { Report, ReportPage as ReportPageAnswer } from "@lootlane/contract";
import type { ReportPage, ReportView } from "./reports.service.js";

/* Report rows become contract objects here: of the people involved only their ids and usernames leave. */

export function presentReport({ report, reporter, product, user, resolver }: ReportView): Report {
  return {
    id: report.id,
    target: report.target,
    product:
      product === null
        ? null
        : { id: product.id, title: product.title, thumbnail_url: product.thumbnailUrl, status: product.status },
    user: user === null ? null : { id: user.id, username: user.username, is_banned: user.isBanned },
    reason: report.reason,
    text: report.text,
    status: report.status,
    reporter,
    resolution_note: report.resolutionNote,
    resolved_by: resolver,
    created_at: report.createdAt.toISOString(),
    resolved_at: report.resolvedAt?.toISOString() ?? null,
  };
}

export function presentReportPage({ views, total, page, perPage }: ReportPage): ReportPageAnswer {
  return {
    reports: views.map(presentReport),
    total_pages: Math.ceil(total / perPage),
    page,
    total,
  };
}
