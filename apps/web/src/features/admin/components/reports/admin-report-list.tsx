import { useTranslation } from "react-i18next";
import { DATE_LOCALE, type ReportPage } from "@lootlane/contract";
import { PagedList } from "../paged-list";
import { AdminReportCard } from "./admin-report-card";

const countFormat = new Intl.NumberFormat(DATE_LOCALE);

interface AdminReportListProps {
  data: ReportPage;
  filtered: boolean;
  /** An earlier answer is shown while the one asked for loads. */
  stale: boolean;
  onPage: (page: number) => void;
}

/** One page of reports, newest first, with the total and paging. */
export function AdminReportList({ data, filtered, stale, onPage }: AdminReportListProps) {
  const { t } = useTranslation("adminReports");
  return (
    <PagedList
      items={data.reports}
      page={data.page}
      totalPages={data.total_pages}
      totalText={t("total", { count: data.total, total: countFormat.format(data.total) })}
      emptyText={filtered ? t("emptyFiltered") : t("empty")}
      listLabel={t("listLabel")}
      paginationLabel={t("pagination")}
      stale={stale}
      onPage={onPage}
      itemKey={(report) => report.id}
      renderItem={(report) => <AdminReportCard report={report} />}
    />
  );
}
