import { useMutation } from "@tanstack/react-query";
import { HTTPError } from "ky";
import { SIGN_IN_CODE_HEADER, type LoginRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { toApiError } from "@/shared/api/api-error";
import { parseUser, type CurrentUser } from "@/shared/auth/current-user";

/** POST /auth/login: sets the session cookies and answers with the user; `code` once the account is locked. */
export async function signIn(input: LoginRequest): Promise<CurrentUser> {
  return parseUser(await api.post("auth/login", { json: input }).json());
}

export function useSignIn() {
  // The form shows the refusal itself, next to the fields or in its banner.
  return useMutation({ mutationFn: signIn, meta: { notifyError: false } });
}

/** Whether a refused sign-in says the account is locked for now and a code by e-mail would let its owner in. */
export function offersSignInCode(error: unknown): boolean {
  const { status, cause } = toApiError(error);
  return (
    status === 429 && cause instanceof HTTPError && cause.response.headers.get(SIGN_IN_CODE_HEADER) === "available"
  );
}

/** Whether the password was right and the account asks for its second factor (two-factor sign-in is on). */
export function asksSecondFactor(error: unknown): boolean {
  return toApiError(error).code === "TWO_FACTOR_REQUIRED";
}
