import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { auditLogQuerySchema, DATE_LOCALE } from "@lootlane/contract";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { PageTitle } from "@/shared/ui/page-title";
import { useAuditLog, type AuditLogFilter } from "../api/get-audit-log";
import { AuditLogCard } from "../components/audit/audit-log-card";
import { AuditLogFilters } from "../components/audit/audit-log-filters";
import { DealListSkeleton } from "../components/deals/deal-list-skeleton";
import { PagedList } from "../components/paged-list";

const countFormat = new Intl.NumberFormat(DATE_LOCALE);

// The address's names for the filters: `?admin=…&action=…&target_type=…&target_id=…&page=…`.
const PARAMS = { adminId: "admin", action: "action", targetType: "target_type", targetId: "target_id" } as const;

/** The audit log's filters and page live in the address, read with the server's own query rules. */
function useAuditLogAddress() {
  const [params, setParams] = useSearchParams();
  const query = auditLogQuerySchema.shape;
  const read = <Value,>(field: { safeParse(raw: unknown): { data?: Value } }, name: string) =>
    field.safeParse(params.get(name) ?? undefined).data ?? null;
  const filter: AuditLogFilter = {
    adminId: read(query.admin_id, PARAMS.adminId),
    action: read(query.action, PARAMS.action),
    targetType: read(query.target_type, PARAMS.targetType),
    targetId: read(query.target_id, PARAMS.targetId),
  };
  const page = read(query.page, "page") ?? 1;

  function update(next: { filter?: Partial<AuditLogFilter>; page?: number }) {
    setParams((current) => {
      const result = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next.filter ?? {})) {
        const name = PARAMS[key as keyof AuditLogFilter];
        if (value) result.set(name, value);
        else result.delete(name);
        result.delete("page");
      }
      if (next.page !== undefined) {
        if (next.page > 1) result.set("page", String(next.page));
        else result.delete("page");
      }
      return result;
    });
  }

  return { filter, page, update };
}

/**
 * /admin/audit-log (issue 23): who did what to whom, newest first, paged; filtered by admin, by action, by kind of
 * target and by one target. Choosing an entry's admin or target narrows the log to them.
 */
export function AdminAuditLogPage() {
  const { t } = useTranslation("admin");
  const { filter, page, update } = useAuditLogAddress();
  const log = useAuditLog(filter, page);
  const filtered = Object.values(filter).some((value) => value !== null);
  const targetName = filter.targetId
    ? (log.data?.entries.find((entry) => entry.target_id === filter.targetId)?.target_name ?? null)
    : null;

  return (
    <Stack gap={0}>
      <PageTitle>{t("auditLog.title")}</PageTitle>
      <Stack gap="md">
        <AuditLogFilters filter={filter} targetName={targetName} onChange={(next) => update({ filter: next })} />
        {log.isPending ? (
          <DealListSkeleton />
        ) : log.isError && !log.data ? (
          <LoadErrorAlert title={t("auditLog.errorLoading")} error={log.error} onRetry={() => void log.refetch()} />
        ) : (
          <PagedList
            items={log.data.entries}
            page={log.data.page}
            totalPages={log.data.total_pages}
            totalText={t("auditLog.total", { count: log.data.total, total: countFormat.format(log.data.total) })}
            emptyText={filtered ? t("auditLog.emptyFiltered") : t("auditLog.empty")}
            listLabel={t("auditLog.listLabel")}
            paginationLabel={t("auditLog.pagination")}
            stale={log.isPlaceholderData}
            onPage={(next) => update({ page: next })}
            itemKey={(entry) => entry.id}
            renderItem={(entry) => (
              <AuditLogCard
                entry={entry}
                onAdmin={(adminId) => update({ filter: { adminId } })}
                onTarget={({ type, id }) => update({ filter: { targetType: auditTargetType(type), targetId: id } })}
              />
            )}
          />
        )}
      </Stack>
    </Stack>
  );
}

/** An entry's kind of target as the filter takes it; a kind the contract does not know filters by the id alone. */
function auditTargetType(type: string) {
  return auditLogQuerySchema.shape.target_type.safeParse(type).data ?? null;
}
