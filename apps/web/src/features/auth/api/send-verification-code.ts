import { useMutation } from "@tanstack/react-query";
import type { SendVerificationCodeRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { readResendAfter } from "../lib/code-sent";

/** POST /auth/send-verification-code: e-mails the sign-up code; resolves to the seconds until a resend is allowed. */
export async function sendVerificationCode(input: SendVerificationCodeRequest): Promise<number> {
  return readResendAfter(await api.post("auth/send-verification-code", { json: input }).json());
}

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode, meta: { notifyError: false } });
}
