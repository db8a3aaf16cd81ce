import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  codeSentResponseSchema,
  type ChangeEmailRequest,
  type CodeSentResponse,
  type EmailChangeCodeRequest,
} from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { currentUserQueryKey } from "@/shared/auth/current-user";

/** POST /auth/email-change-code: with the password, the server mails a code to the new address. */
export async function sendEmailChangeCode(input: EmailChangeCodeRequest): Promise<CodeSentResponse> {
  return codeSentResponseSchema.parse(await api.post("auth/email-change-code", { json: input }).json());
}

/** POST /auth/change-email: the mailed code makes the new address the account's. */
export async function changeEmail(input: ChangeEmailRequest): Promise<void> {
  await api.post("auth/change-email", { json: input });
}

export function useSendEmailChangeCode() {
  // The form shows the refusal next to the field it concerns, or in its banner.
  return useMutation({ mutationFn: sendEmailChangeCode, meta: { notifyError: false } });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
