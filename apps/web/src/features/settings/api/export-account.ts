import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_EXPORT_FILE_NAME, accountExportSchema } from "@lootlane/contract";
import { api } from "@/shared/api/api";

/** GET /users/me/export, saved by the browser as a JSON file. */
export async function downloadAccountExport(): Promise<void> {
  const data = accountExportSchema.parse(await api.get("users/me/export").json());
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = ACCOUNT_EXPORT_FILE_NAME;
  link.click();
  URL.revokeObjectURL(url);
}

export function useDownloadAccountExport() {
  return useMutation({ mutationFn: downloadAccountExport });
}
