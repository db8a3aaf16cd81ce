import { useMutation } from "@tanstack/react-query";
import type { ConfirmPasswordResetCodeRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";

/** POST /auth/confirm-password-reset-code: checks the code (without using it up) before a new password is typed. */
export async function confirmPasswordResetCode(input: ConfirmPasswordResetCodeRequest): Promise<void> {
  await api.post("auth/confirm-password-reset-code", { json: input });
}

export function useConfirmPasswordResetCode() {
  return useMutation({ mutationFn: confirmPasswordResetCode, meta: { notifyError: false } });
}
