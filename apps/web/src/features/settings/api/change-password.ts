import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";

/**
 * POST /users/password: the current password proves it is the owner, not someone at an unlocked screen. The
 * server ends the user's other sessions; this one stays signed in.
 */
export async function changePassword(input: ChangePasswordRequest): Promise<void> {
  await api.post("users/password", { json: input });
}

export function useChangePassword() {
  // The form shows the refusal next to the field it concerns, or in its banner.
  return useMutation({ mutationFn: changePassword, meta: { notifyError: false } });
}
