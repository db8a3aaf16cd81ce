import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/api";
import { adminQueryKeys } from "./admin-query-keys";

/** POST /admin/ban-user `{id}`: any 200 is success; the body is not read (SPEC §7 "not shown"). */
export async function banUser(id: string): Promise<void> {
  await api.post("admin/ban-user", { json: { id } });
}

/** Bans a user; the lists and any cached edit form refresh on success. */
export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: banUser,
    // The confirmation dialog shows why it failed.
    meta: { notifyError: false },
    // Not awaited: the dialog closes at once, and the row changes when the refreshed list arrives.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminQueryKeys.users }),
  });
}
