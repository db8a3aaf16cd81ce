/*
 * Who writes these tables: only the owner named here inserts, updates or deletes their rows; everyone else
 * asks the owner's service (db/table-owners.test.ts checks the code against this list).
 *
 *   reports → modules/reports
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalog.js";
import { createdAt, id, oneOf, timestamptz } from "./columns.js";
import { users } from "./users.js";

export const reportTargets = ["product", "user"] as const;
export type ReportTarget = (typeof reportTargets)[number];
export const reportReasons = ["fraud", "prohibited", "wrong_category", "offensive", "spam", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportStatuses = ["open", "resolved", "dismissed"] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** A signed-in user's report of a listing or a user, queued for the admins. */
export const reports = pgTable(
  "reports",
  {
    id: id(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id),
    target: text("target", { enum: reportTargets }).notNull(),
    productId: uuid("product_id").references(() => products.id),
    userId: uuid("user_id").references(() => users.id),
    reason: text("reason", { enum: reportReasons }).notNull(),
    text: text("text").notNull().default(""),
    status: text("status", { enum: reportStatuses }).notNull().default("open"),
    /** What the admin wrote when resolving or dismissing it. */
    resolutionNote: text("resolution_note"),
    resolvedBy: uuid("resolved_by").references(() => users.id),
    createdAt: createdAt(),
    resolvedAt: timestamptz("resolved_at"),
  },
  (t) => [
    index("reports_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    // One open report per reporter and target: reporting again while it waits changes nothing.
    uniqueIndex("reports_open_product_key")
      .on(t.reporterId, t.productId)
      .where(sql`${t.status} = 'open' and ${t.productId} is not null`),
    uniqueIndex("reports_open_user_key")
      .on(t.reporterId, t.userId)
      .where(sql`${t.status} = 'open' and ${t.userId} is not null`),
    check("reports_target_check", oneOf(t.target, reportTargets)),
    check("reports_reason_check", oneOf(t.reason, reportReasons)),
    check("reports_status_check", oneOf(t.status, reportStatuses)),
    check(
      "reports_target_matches_check",
      sql`(${t.target} = 'product') = (${t.productId} is not null) and (${t.target} = 'user') = (${t.userId} is not null)`,
    ),
    check("reports_resolved_check", sql`(${t.status} = 'open') = (${t.resolvedAt} is null)`),
  ],
);

export type Report = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;
