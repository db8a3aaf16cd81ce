import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { adminReportsQuerySchema } from "@lootlane/contract";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { PageTitle } from "@/shared/ui/page-title";
import { useAdminReports } from "../api/get-admin-reports";
import { DealListSkeleton } from "../components/deals/deal-list-skeleton";
import { AdminReportList } from "../components/reports/admin-report-list";
import { ReportStatusFilter } from "../components/reports/report-status-filter";
import { useStatusPageAddress } from "../hooks/use-status-page-address";

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
          <AdminReportList
            data={reports.data}
            filtered={status !== null}
            stale={reports.isPlaceholderData}
            onPage={(next) => update({ page: next })}
          />
        )}
      </Stack>
    </Stack>
  );
}
