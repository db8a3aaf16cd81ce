import { useMutation } from "@tanstack/react-query";
import { twoFactorEnableResponseSchema, type TwoFactorEnableRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";

/** POST /auth/2fa/enable: the first right code turns it on; answers the recovery codes, shown only now. */
export async function enableTwoFactor(input: TwoFactorEnableRequest): Promise<string[]> {
  const answer = twoFactorEnableResponseSchema.parse(await api.post("auth/2fa/enable", { json: input }).json());
  return answer.recovery_codes;
}

export function useEnableTwoFactor() {
  // The current user is refreshed only when the codes have been put away (the admin area would replace them).
  return useMutation({ mutationFn: enableTwoFactor, meta: { notifyError: false } });
}
