import { useMutation } from "@tanstack/react-query";
import { twoFactorSetupResponseSchema, type TwoFactorSetupResponse } from "@lootlane/contract";
import { api } from "@/shared/api/api";

/** POST /auth/2fa/setup: a new secret for the authenticator app; pending until the first code confirms it. */
export async function startTwoFactorSetup(): Promise<TwoFactorSetupResponse> {
  return twoFactorSetupResponseSchema.parse(await api.post("auth/2fa/setup").json());
}

export function useStartTwoFactorSetup() {
  // The set-up shows the refusal in place.
  return useMutation({ mutationFn: startTwoFactorSetup, meta: { notifyError: false } });
}
