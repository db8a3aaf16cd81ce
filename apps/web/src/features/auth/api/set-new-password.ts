import { useMutation } from "@tanstack/react-query";
import type { SetNewPasswordRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";

/**
 * POST /auth/set-new-password: replaces the password, ends every other session and signs the user in. Its answer
 * says only `success`; it is not parsed, because the password has changed once the call succeeded, whatever it says.
 */
export async function setNewPassword(input: SetNewPasswordRequest): Promise<void> {
  await api.post("auth/set-new-password", { json: input });
}

export function useSetNewPassword() {
  return useMutation({ mutationFn: setNewPassword, meta: { notifyError: false } });
}
