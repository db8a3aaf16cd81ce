import { useMutation } from "@tanstack/react-query";
import type { ConfirmVerificationCodeRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { parseUser, type CurrentUser } from "@/shared/auth/current-user";

/** POST /auth/confirm-verification-code: creates the account, signs the user in and answers with the user. */
export async function confirmVerificationCode(input: ConfirmVerificationCodeRequest): Promise<CurrentUser> {
  return parseUser(await api.post("auth/confirm-verification-code", { json: input }).json());
}

export function useConfirmVerificationCode() {
  return useMutation({ mutationFn: confirmVerificationCode, meta: { notifyError: false } });
}
