import type { AuditLogEntry, AuditLogPage } from "@lootlane/contract";
import type { AuditLogRow } from "./audit.service.js";

/** `before`/`after` are stored as the action wrote them: objects of the changed fields, or null. */
const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === "object" ? (value as Record<string, unknown>) : null;

export function presentAuditLogEntry(row: AuditLogRow): AuditLogEntry {
  return {
    id: row.id,
    admin: { id: row.adminId, username: row.adminUsername },
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    target_name: row.targetName,
    before: asRecord(row.before),
    after: asRecord(row.after),
    created_at: row.createdAt.toISOString(),
  };
}

export function presentAuditLogPage({
  rows,
  total,
  page,
  perPage,
}: {
  rows: AuditLogRow[];
  total: number;
  page: number;
  perPage: number;
}): AuditLogPage {
  return { entries: rows.map(presentAuditLogEntry), total_pages: Math.ceil(total / perPage), page, total };
}
