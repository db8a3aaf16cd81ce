import { useMutation } from "@tanstack/react-query";
import { reportSchema, type CreateReportRequest, type Report } from "@lootlane/contract";
import { api } from "@/shared/api/api";

/** POST /reports (issue 19): a listing or a user reported to the admins; a repeat answers the open report. */
export async function createReport(request: CreateReportRequest): Promise<Report> {
  return reportSchema.parse(await api.post("reports", { json: request }).json());
}

export function useCreateReport() {
  return useMutation({
    mutationFn: createReport,
    // The dialog shows why it failed, the field errors beside their fields.
    meta: { notifyError: false },
  });
}
