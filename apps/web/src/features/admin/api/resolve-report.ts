import { useMutation, useQueryClient } from "@tanstack/react-query";
import { reportSchema, type Report, type ResolveReportRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { adminReportsQueryKey } from "./get-admin-reports";

/** POST /admin/reports/{id}/resolve: an open report resolved (acted on) or dismissed, with an optional note. */
export async function resolveReport({ id, request }: { id: string; request: ResolveReportRequest }): Promise<Report> {
  return reportSchema.parse(
    await api.post(`admin/reports/${encodeURIComponent(id)}/resolve`, { json: request }).json(),
  );
}

/**
 * The admin's decision on a report. Success or failure the queue is fetched again: a refusal usually means
 * another admin decided it meanwhile.
 */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    // The dialog shows why it failed.
    meta: { notifyError: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminReportsQueryKey }),
  });
}
