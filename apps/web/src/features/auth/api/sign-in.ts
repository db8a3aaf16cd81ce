import { useMutation } from "@tanstack/react-query";
import type { LoginRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { parseUser, type CurrentUser } from "@/shared/auth/current-user";

/** POST /auth/login: sets the session cookies and answers with the user. */
export async function signIn(input: LoginRequest): Promise<CurrentUser> {
  return parseUser(await api.post("auth/login", { json: input }).json());
}

export function useSignIn() {
  // The form shows the refusal itself, next to the fields or in its banner.
  return useMutation({ mutationFn: signIn, meta: { notifyError: false } });
}
