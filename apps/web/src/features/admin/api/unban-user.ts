import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/api";
import { adminQueryKeys } from "./admin-query-keys";

/** POST /admin/unban-user `{user_id}`: any 200 is success; the body is not read. */
export async function unbanUser(userId: string): Promise<void> {
  await api.post("admin/unban-user", { json: { user_id: userId } });
}

/** Lifts a ban (beyond the spec, which has the call but no control); the lists refresh on success. */
export function useUnbanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbanUser,
    // The confirmation dialog shows why it failed.
    meta: { notifyError: false },
    // Not awaited: the dialog closes at once, and the row changes when the refreshed list arrives.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminQueryKeys.users }),
  });
}
