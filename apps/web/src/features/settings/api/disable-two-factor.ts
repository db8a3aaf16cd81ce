import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TwoFactorDisableRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { currentUserQueryKey } from "@/shared/auth/current-user";

/** POST /auth/2fa/disable: the password and a code (from the app or a recovery code). */
export async function disableTwoFactor(input: TwoFactorDisableRequest): Promise<void> {
  await api.post("auth/2fa/disable", { json: input });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
