import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { reportPageSchema, type ReportPage, type ReportStatus } from "@lootlane/contract";
import { api } from "@/shared/api/api";

/** Reports per page of /admin/reports. */
export const ADMIN_REPORTS_PAGE_SIZE = 20;

/** Every admin read of reports; a decision invalidates it. */
export const adminReportsQueryKey = ["admin", "reports"] as const;

/** GET /admin/reports: one page, newest first, optionally of one status. */
export async function getAdminReports(status: ReportStatus | null, page: number): Promise<ReportPage> {
  const searchParams = new URLSearchParams({ page: String(page), per_page: String(ADMIN_REPORTS_PAGE_SIZE) });
  if (status) searchParams.set("status", status);
  return reportPageSchema.parse(await api.get("admin/reports", { searchParams }).json());
}

/** One page of reports; the previous page stays on screen while another page or status loads. */
export function useAdminReports(status: ReportStatus | null, page: number) {
  return useQuery({
    queryKey: [...adminReportsQueryKey, { status, page }],
    queryFn: () => getAdminReports(status, page),
    placeholderData: keepPreviousData,
  });
}
