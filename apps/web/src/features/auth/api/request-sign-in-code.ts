import { useMutation } from "@tanstack/react-query";
import type { LoginCodeRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { readResendAfter } from "../lib/code-sent";

/**
 * POST /auth/login-code: mails a sign-in code if the password is right (the answer is the same either way);
 * resolves to the seconds until a resend is allowed.
 */
export async function requestSignInCode(input: LoginCodeRequest): Promise<number> {
  return readResendAfter(await api.post("auth/login-code", { json: input }).json());
}

export function useRequestSignInCode() {
  // The code step shows the refusal in its banner.
  return useMutation({ mutationFn: requestSignInCode, meta: { notifyError: false } });
}
