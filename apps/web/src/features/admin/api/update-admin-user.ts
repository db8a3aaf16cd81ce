import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminUpdateUserRequest, AdminUser, User } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import { adminQueryKeys } from "./admin-query-keys";
import { parseAdminUser } from "./get-admin-user";

export interface UpdateAdminUserVariables {
  id: string;
  /** Only the fields that changed (SPEC §7: the server changes what is sent). */
  changes: AdminUpdateUserRequest;
}

/** PATCH /admin/user/{id}: answers the updated user. */
export async function updateAdminUser({ id, changes }: UpdateAdminUserVariables): Promise<AdminUser> {
  return parseAdminUser(await api.patch(`admin/user/${encodeURIComponent(id)}`, { json: changes }).json());
}

/** Saves an admin's edit; the lists and the edited user are refreshed, and so is the admin if they edited themself. */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    // The edit form shows errorSaving with the reason.
    meta: { notifyError: false },
    onSuccess: async (user) => {
      queryClient.setQueryData(adminQueryKeys.user(user.id), user);
      const me = queryClient.getQueryData<User | null>(currentUserQueryKey);
      if (me?.id === user.id) queryClient.setQueryData(currentUserQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.users, refetchType: "none" });
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.dashboard, refetchType: "none" });
    },
  });
}
