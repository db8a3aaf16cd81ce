import { useQuery } from "@tanstack/react-query";
import { dashboardInfoSchema, type DashboardInfo } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { adminQueryKeys } from "./admin-query-keys";

/** GET /admin/dashboard-info: the counts of the admin's main page. */
export async function getDashboardInfo(): Promise<DashboardInfo> {
  return dashboardInfoSchema.parse(await api.get("admin/dashboard-info").json());
}

export function useDashboardInfo() {
  return useQuery({ queryKey: adminQueryKeys.dashboard, queryFn: getDashboardInfo });
}
