import { useMutation } from "@tanstack/react-query";
import { api } from "@/shared/api/api";
import { readResendAfter } from "../lib/code-sent";

/** POST /auth/password-reset-code: e-mails the reset code; resolves to the seconds until a resend is allowed. */
export async function requestPasswordResetCode(email: string): Promise<number> {
  return readResendAfter(await api.post("auth/password-reset-code", { json: { email } }).json());
}

export function useRequestPasswordResetCode() {
  // The reset screen shows the server's refusal in its banner (SPEC §8).
  return useMutation({ mutationFn: requestPasswordResetCode, meta: { notifyError: false } });
}
