import { z } from "zod";
import { adminAvatarUrlSchema } from "./avatar-url.js";
import { BALANCE_MAX } from "../common/constants.js";
import { plainText } from "../common/plain-text.js";
import { pageQuerySchema } from "../catalog/products.schemas.js";
import { roublesAmountSchema } from "../deals/deals.schemas.js";
import { descriptionSchema, emailSchema, roleSchema, userSchema, usernameSchema } from "../users/users.schemas.js";

/*
 * The admin area's calls (SPEC.md §7 Admin; beyond the spec the dashboard's extra figures, the audit log and the
 * Unban control). Every call is for admins only: anyone else gets 403 INSUFFICIENT_PERMISSIONS (401 for guests).
 */

/**
 * GET /admin/dashboard-info: the spec's two counts, and beyond them what waits for an admin and how the last
 * seven days went. `turnover_last_7_days` is the roubles paid into deals in those days.
 */
export const dashboardInfoSchema = z
  .object({
    count_of_users: z.number().int().nonnegative(),
    count_of_products: z.number().int().nonnegative(),
    products_in_moderation: z.number().int().nonnegative(),
    open_disputes: z.number().int().nonnegative(),
    deals_last_7_days: z.number().int().nonnegative(),
    turnover_last_7_days: z.number().nonnegative(),
    /** The wallet's money (issue 18), roubles: credited top-ups and paid withdrawals of the last seven days. */
    top_ups_last_7_days: z.number().nonnegative(),
    payouts_last_7_days: z.number().nonnegative(),
    /** Every commission the platform has kept, all time. */
    commission_earned: z.number().nonnegative(),
    /** Money in open deals' escrow, and in withdrawals not yet paid (with their count). */
    held_in_escrow: z.number().nonnegative(),
    pending_withdrawals: z.number().nonnegative(),
    withdrawals_waiting: z.number().int().nonnegative(),
  })
  .meta({ id: "DashboardInfo" });

/** GET /admin/users: every user, newest first. GET /admin/users/search: `q` in the username or e-mail, any case. */
export const adminUsersQuerySchema = pageQuerySchema;
export const adminUserSearchQuerySchema = pageQuerySchema.extend({
  q: plainText().trim().min(1, "Enter what to search for").max(254, "At most 254 characters"),
});

/**
 * GET and PATCH /admin/user/{id}: the User, plus `linked_account_reviews`, the reviews they
 * received from accounts that signed in from their address or device in the 30 days before (kept and shown,
 * not counted in the rating; a sign of one person reviewing themself).
 */
export const adminUserSchema = userSchema
  .extend({ linked_account_reviews: z.number().int().nonnegative() })
  .meta({ id: "AdminUser" });

/** One page of users with the totals the list shows (SPEC.md §2 "with a total count"). */
export const adminUserPageSchema = z
  .object({
    users: z.array(userSchema),
    total_pages: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: "AdminUserPage" });

export const adminUserIdParamsSchema = z.object({ id: z.uuid() });

/**
 * PATCH /admin/user/{id}: the spec's fields, each optional (only what is sent changes); a body with none of
 * them is PAYLOAD_IS_EMPTY, as for a product edit.
 * Username 3–16 as at sign-up, in the admin's form too (issue 23: the spec's 5–15 locked out users whose valid
 * names were shorter or longer); balance roubles with at most two decimals up to BALANCE_MAX, moved through the
 * ledger as an admin adjustment (of at most BALANCE_ADJUSTMENT_MAX). `rating` is kept for the spec's clients but
 * follows from reviews: the stored value (any decimal) is accepted as no change, any other is refused (422
 * VALIDATION_ERROR naming `rating`, its text `ratingFollowsReviews`). `avatar_url` is empty or one of
 * our own media (avatar-url.ts): the CSP would block any other. Answers the updated user.
 */
export const adminUpdateUserRequestSchema = z
  .object({
    email: emailSchema,
    username: usernameSchema,
    description: descriptionSchema.trim().nullable(),
    avatar_url: adminAvatarUrlSchema,
    balance: roublesAmountSchema.min(0, "Cannot be negative").max(BALANCE_MAX, `At most ${BALANCE_MAX}`),
    rating: z.number().nonnegative("Cannot be negative"),
    is_banned: z.boolean(),
    is_active: z.boolean(),
    role: roleSchema,
    has_frozen_balance: z.boolean(),
  })
  .partial()
  .meta({ id: "AdminUpdateUserRequest" });

/**
 * POST /admin/ban-user `{id}` (SPEC.md §7 names it `id`). Answers the user as they now are (userSchema), as the
 * edit does. Banning ends their sessions and open sockets and takes their products on sale off sale
 * (`suspended`). Admins and oneself cannot be banned; banning a banned user changes nothing and answers 200.
 */
export const banUserRequestSchema = z.object({ id: z.uuid() }).meta({ id: "BanUserRequest" });
/**
 * POST /admin/unban-user `{user_id}` (SPEC.md §7 names it `user_id`). Answers the user (userSchema); their
 * suspended products go back on sale, their sessions stay ended (they sign in again).
 */
export const unbanUserRequestSchema = z.object({ user_id: z.uuid() }).meta({ id: "UnbanUserRequest" });

/** The actions admins take today, in the order the audit log screen offers them; the log may hold others. */
export const AUDIT_ACTIONS = [
  "user.update",
  "user.ban",
  "user.unban",
  "user.balance_adjustment",
  "deal.resolve",
  "product.approve",
  "product.reject",
  "product.take_down",
  "report.resolve",
  "category.create",
  "category.update",
  "withdrawal.approve",
  "withdrawal.reject",
  "withdrawal.reveal_destination",
] as const;

export const auditTargetTypeSchema = z.enum(["user", "product", "deal", "category", "withdrawal", "report"]);

/**
 * GET /admin/audit-log: every admin action, newest first; optionally only one admin's (`admin_id`), one action's
 * (`action`, any code: AUDIT_ACTIONS are today's), one kind of target's or one target's. `before`/`after` hold
 * only what the action changed.
 */
export const auditLogQuerySchema = pageQuerySchema.extend({
  admin_id: z.uuid().optional(),
  action: plainText().min(1).max(64).optional(),
  target_type: auditTargetTypeSchema.optional(),
  target_id: plainText().min(1).max(64).optional(),
});

/**
 * One admin action. `target_name` names the target as a person would (a user's username, a product's or a deal's
 * product title, a category's name), or null when there is none (a withdrawal, a report, a target since deleted).
 */
export const auditLogEntrySchema = z
  .object({
    id: z.uuid(),
    admin: z.object({ id: z.uuid(), username: z.string() }),
    action: z.string(),
    target_type: z.string(),
    target_id: z.string(),
    target_name: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "AuditLogEntry" });

export const auditLogPageSchema = z
  .object({
    entries: z.array(auditLogEntrySchema),
    total_pages: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: "AuditLogPage" });

export type DashboardInfo = z.infer<typeof dashboardInfoSchema>;
export type AdminUser = z.infer<typeof adminUserSchema>;
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;
export type AdminUpdateUserRequest = z.input<typeof adminUpdateUserRequestSchema>;
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;
export type AuditTargetType = z.infer<typeof auditTargetTypeSchema>;
