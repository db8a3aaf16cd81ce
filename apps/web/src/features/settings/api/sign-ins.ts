import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { signInSessionsResponseSchema, type SignInSession } from "@lootlane/contract";
import { api } from "@/shared/api/api";

export const signInsQueryKey = ["auth", "sessions"] as const;

/** GET /auth/sessions: the user's signed-in devices, this one first. */
export async function getSignIns(): Promise<SignInSession[]> {
  return signInSessionsResponseSchema.parse(await api.get("auth/sessions").json()).sessions;
}

export function useSignIns() {
  return useQuery({ queryKey: signInsQueryKey, queryFn: getSignIns });
}

/** DELETE /auth/sessions/{id}: signs one other device out; the list is read again. */
export async function endSignIn(id: string): Promise<void> {
  await api.delete(`auth/sessions/${encodeURIComponent(id)}`);
}

export function useEndSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSignIn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: signInsQueryKey }),
  });
}
