import type { auditLogQuerySchema } from "@lootlane/contract";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { adminAuditLog, type AdminAuditLogEntry } from "../../db/schema/admin.js";
import { categories, products } from "../../db/schema/catalog.js";
import { deals } from "../../db/schema/deals.js";
import { users } from "../../db/schema/users.js";
import type { AuthUser } from "../../platform/auth/index.js";

export type AuditTarget = "user" | "product" | "deal" | "category" | "withdrawal" | "report";

/** What one admin action changed: only the fields it touched, never secrets such as password hashes. */
export type AdminAction = {
  action: string;
  targetType: AuditTarget;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export type AuditLogRow = AdminAuditLogEntry & { adminUsername: string; targetName: string | null };

/**
 * Writes the audit row of an admin action. Called inside the action's own transaction, so a change is never
 * committed without its row and a refused one leaves none.
 */
export async function recordAdminAction(tx: Db, admin: Pick<AuthUser, "id">, entry: AdminAction): Promise<void> {
  await tx.insert(adminAuditLog).values({ adminId: admin.id, ...entry });
}

// Each kind of target is named by its own table; a target id is text, as not every kind's id is a uuid.
const targetUser = alias(users, "target_user");
const targetProduct = alias(products, "target_product");
const targetDeal = alias(deals, "target_deal");
const targetCategory = alias(categories, "target_category");

const isTarget = (type: AuditTarget, id: AnyPgColumn) =>
  and(eq(adminAuditLog.targetType, type), sql`${id}::text = ${adminAuditLog.targetId}`);

/**
 * GET /admin/audit-log: newest first, optionally only one admin's rows, one action's, one kind of target's or
 * one target's. Each row names its target as a person would, in the same query (a deal by the title it was bought under).
 */
export async function listAuditLog(
  db: Db,
  query: z.output<typeof auditLogQuerySchema>,
): Promise<{ rows: AuditLogRow[]; total: number; page: number; perPage: number }> {
  const where = and(
    query.admin_id === undefined ? undefined : eq(adminAuditLog.adminId, query.admin_id),
    query.action === undefined ? undefined : eq(adminAuditLog.action, query.action),
    query.target_type === undefined ? undefined : eq(adminAuditLog.targetType, query.target_type),
    query.target_id === undefined ? undefined : eq(adminAuditLog.targetId, query.target_id),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        entry: adminAuditLog,
        adminUsername: users.username,
        targetName: sql<
          string | null
        >`coalesce(${targetUser.username}, ${targetProduct.title}, ${targetDeal.productTitle}, ${targetCategory.name})`,
      })
      .from(adminAuditLog)
      .innerJoin(users, eq(users.id, adminAuditLog.adminId))
      .leftJoin(targetUser, isTarget("user", targetUser.id))
      .leftJoin(targetProduct, isTarget("product", targetProduct.id))
      .leftJoin(targetDeal, isTarget("deal", targetDeal.id))
      .leftJoin(targetCategory, isTarget("category", targetCategory.id))
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(adminAuditLog).where(where),
  ]);
  return {
    rows: rows.map(({ entry, adminUsername, targetName }) => ({ ...entry, adminUsername, targetName })),
    total: counted?.total ?? 0,
    page: query.page,
    perPage: query.per_page,
  };
}
