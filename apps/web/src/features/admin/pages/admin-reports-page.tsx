import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { adminReportsQuerySchema, DATE_LOCALE } from "@lootlane/contract";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { PageTitle } from "@/shared/ui/page-title";
import { useAdminReports } from "../api/get-admin-reports";
import { DealListSkeleton } from "../components/deals/deal-list-skeleton";
import { PagedList } from "../components/paged-list";
import { AdminReportCard } from "../components/reports/admin-report-card";
import { ReportStatusFilter } from "../components/reports/report-status-filter";
import { useStatusPageAddress } from "../hooks/use-status-page-address";

const countFormat = new Intl.NumberFormat(DATE_LOCALE);

/**
 * /admin/reports (issue 19): what users reported, listings and users, newest first, by status; each open report is
 * resolved (the admin acted on it) or dismissed, with a note.
 */
export function AdminReportsPage() {
  const { t } = useTranslation("adminReports");
  const { status, page, update } = useStatusPageAddress(adminReportsQuerySchema.shape);
  const reports = useAdminReports(status, page);

  return (
    <Stack gap={0}>
      <PageTitle>{t("title")}</PageTitle>
      <Stack gap="md">
        <ReportStatusFilter value={status} onChange={(next) => update({ status: next })} />
        {reports.isPending ? (
          <DealListSkeleton />
        ) : reports.isError && !reports.data ? (
          <LoadErrorAlert title={t("errorLoading")} error={reports.error} onRetry={() => void reports.refetch()} />
        ) : (
          <PagedList
            items={reports.data.reports}
            page={reports.data.page}
            totalPages={reports.data.total_pages}
            totalText={t("total", { count: reports.data.total, total: countFormat.format(reports.data.total) })}
            emptyText={status !== null ? t("emptyFiltered") : t("empty")}
            listLabel={t("listLabel")}
            paginationLabel={t("pagination")}
            stale={reports.isPlaceholderData}
            onPage={(next) => update({ page: next })}
            itemKey={(report) => report.id}
            renderItem={(report) => <AdminReportCard report={report} />}
          />
        )}
      </Stack>
    </Stack>
  );
}
