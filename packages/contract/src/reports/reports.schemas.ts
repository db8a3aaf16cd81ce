import { z } from "zod";
import { REPORT_NOTE_MAX, REPORT_TEXT_MAX, REPORT_TEXT_MIN } from "../common/constants.js";
import { plainText } from "../common/plain-text.js";
import { pageQuerySchema, productStatusSchema } from "../catalog/products.schemas.js";

/*
 * Reports (beyond the spec, issue 19): any signed-in user reports a listing or a user to the admins, who resolve
 * or dismiss each report from a queue.
 */

export const reportTargetSchema = z.enum(["product", "user"]);
export const reportReasonSchema = z.enum(["fraud", "prohibited", "wrong_category", "offensive", "spam", "other"]);
export const reportStatusSchema = z.enum(["open", "resolved", "dismissed"]);
/** What an admin may decide about an open report. */
export const reportDecisionSchema = reportStatusSchema.exclude(["open"]);

const reportText = plainText().trim().max(REPORT_TEXT_MAX, `At most ${REPORT_TEXT_MAX} characters`);

/**
 * POST /reports: `target` says which of `product_id` or `username` names what is reported. `text` may be empty,
 * except with the reason `other`, which says nothing by itself. Not about oneself or one's own listing
 * (CANNOT_REPORT_YOURSELF). A repeat while the reporter's report of the same target is open answers that report.
 */
export const createReportRequestSchema = z
  .object({
    target: reportTargetSchema,
    product_id: z.uuid().optional(),
    username: plainText().trim().min(1, "Enter a username").max(64, "At most 64 characters").optional(),
    reason: reportReasonSchema,
    text: reportText.default(""),
  })
  .superRefine((report, context) => {
    if (report.target === "product" && report.product_id === undefined)
      context.addIssue({ code: "custom", path: ["product_id"], message: "Name the product you report" });
    if (report.target === "user" && report.username === undefined)
      context.addIssue({ code: "custom", path: ["username"], message: "Name the user you report" });
    if (report.target === "product" && report.username !== undefined)
      context.addIssue({ code: "custom", path: ["username"], message: "A product report names no user" });
    if (report.target === "user" && report.product_id !== undefined)
      context.addIssue({ code: "custom", path: ["product_id"], message: "A user report names no product" });
    if (report.reason === "other" && report.text.length < REPORT_TEXT_MIN)
      context.addIssue({
        code: "custom",
        path: ["text"],
        message: `Say what is wrong in at least ${REPORT_TEXT_MIN} characters`,
      });
  })
  .meta({ id: "CreateReportRequest" });

/** A report as its reporter and admins see it; `product` or `user` is what it is about, the other null. */
export const reportSchema = z
  .object({
    id: z.uuid(),
    target: reportTargetSchema,
    product: z
      .object({ id: z.uuid(), title: z.string(), thumbnail_url: z.string().nullable(), status: productStatusSchema })
      .nullable(),
    user: z.object({ id: z.uuid(), username: z.string(), is_banned: z.boolean() }).nullable(),
    reason: reportReasonSchema,
    text: z.string(),
    status: reportStatusSchema,
    reporter: z.object({ id: z.uuid(), username: z.string() }),
    resolution_note: z.string().nullable(),
    resolved_by: z.object({ id: z.uuid(), username: z.string() }).nullable(),
    created_at: z.iso.datetime(),
    resolved_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "Report" });

/** GET /admin/reports: newest first, optionally of one status. */
export const adminReportsQuerySchema = pageQuerySchema.extend({ status: reportStatusSchema.optional() });

export const reportPageSchema = z
  .object({
    reports: z.array(reportSchema),
    total_pages: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: "ReportPage" });

export const reportIdParamsSchema = z.object({ id: z.uuid() });

/** POST /admin/reports/{id}/resolve: an open report is decided once, with an optional note for the record. */
export const resolveReportRequestSchema = z
  .object({
    status: reportDecisionSchema,
    note: plainText().trim().max(REPORT_NOTE_MAX, `At most ${REPORT_NOTE_MAX} characters`).optional(),
  })
  .meta({ id: "ResolveReportRequest" });

export type ReportTarget = z.infer<typeof reportTargetSchema>;
export type ReportReason = z.infer<typeof reportReasonSchema>;
export type ReportStatus = z.infer<typeof reportStatusSchema>;
export type ReportDecision = z.infer<typeof reportDecisionSchema>;
export type CreateReportRequest = z.input<typeof createReportRequestSchema>;
export type Report = z.infer<typeof reportSchema>;
export type ReportPage = z.infer<typeof reportPageSchema>;
export type AdminReportsQuery = z.input<typeof adminReportsQuerySchema>;
export type ResolveReportRequest = z.infer<typeof resolveReportRequestSchema>;
