import type { auditLogQuerySchema } from "@lootlane/contract";
import { and, count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { adminAuditLog, type AdminAuditLogEntry } from "../../db/schema/admin.js";
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

export type AuditLogRow = AdminAuditLogEntry & { adminUsername: string };

/**
 * Writes the audit row of an admin action. Called inside the action's own transaction, so a change is never
 * committed without its row and a refused one leaves none.
 */
export async function recordAdminAction(tx: Db, admin: Pick<AuthUser, "id">, entry: AdminAction): Promise<void> {
  await tx.insert(adminAuditLog).values({ adminId: admin.id, ...entry });
}

/** GET /admin/audit-log: newest first, optionally only the rows about one kind of target or one target. */
export async function listAuditLog(
  db: Db,
  query: z.output<typeof auditLogQuerySchema>,
): Promise<{ rows: AuditLogRow[]; total: number; page: number; perPage: number }> {
  const where = and(
    query.target_type === undefined ? undefined : eq(adminAuditLog.targetType, query.target_type),
    query.target_id === undefined ? undefined : eq(adminAuditLog.targetId, query.target_id),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ entry: adminAuditLog, adminUsername: users.username })
      .from(adminAuditLog)
      .innerJoin(users, eq(users.id, adminAuditLog.adminId))
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: count() }).from(adminAuditLog).where(where),
  ]);
  return {
    rows: rows.map(({ entry, adminUsername }) => ({ ...entry, adminUsername })),
    total: counted?.total ?? 0,
    page: query.page,
    perPage: query.per_page,
  };
}
