import { codeSentResponseSchema, VERIFICATION_CODE_RESEND_SECONDS } from "@lootlane/contract";

/**
 * The seconds until another code may be requested, from a code-sending call's answer. The code went out either
 * way (the call succeeded), so an answer of another shape is logged (SPEC §5 Response checks) and the known
 * server limit stands in: the Resend button still waits instead of inviting a refusal.
 */
export function readResendAfter(answer: unknown): number {
  const parsed = codeSentResponseSchema.safeParse(answer);
  if (parsed.success) return parsed.data.resend_after;
  console.error("The API answered a code request with an unexpected shape", parsed.error.issues);
  return VERIFICATION_CODE_RESEND_SECONDS;
}
