import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { auditLogPageSchema, type AuditLogPage, type AuditTargetType } from "@lootlane/contract";
import { api } from "@/shared/api/api";

/** Entries per page of /admin/audit-log. */
export const AUDIT_LOG_PAGE_SIZE = 20;

/** What the audit log screen filters by; null is "any". */
export interface AuditLogFilter {
  adminId: string | null;
  action: string | null;
  targetType: AuditTargetType | null;
  targetId: string | null;
}

export const auditLogQueryKey = (filter: AuditLogFilter, page: number) =>
  ["admin", "audit-log", { ...filter, page }] as const;

/** GET /admin/audit-log: one page of admin actions, newest first. */
export async function getAuditLog(filter: AuditLogFilter, page: number): Promise<AuditLogPage> {
  const searchParams = new URLSearchParams({ page: String(page), per_page: String(AUDIT_LOG_PAGE_SIZE) });
  if (filter.adminId) searchParams.set("admin_id", filter.adminId);
  if (filter.action) searchParams.set("action", filter.action);
  if (filter.targetType) searchParams.set("target_type", filter.targetType);
  if (filter.targetId) searchParams.set("target_id", filter.targetId);
  return auditLogPageSchema.parse(await api.get("admin/audit-log", { searchParams }).json());
}

/** One page of the audit log; the previous page stays on screen while another page or filter loads. */
export function useAuditLog(filter: AuditLogFilter, page: number) {
  return useQuery({
    queryKey: auditLogQueryKey(filter, page),
    queryFn: () => getAuditLog(filter, page),
    placeholderData: keepPreviousData,
  });
}
