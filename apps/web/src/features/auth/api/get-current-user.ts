import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/shared/api/api";
import { ApiError } from "@/shared/api/api-error";

/**
 * SPEC §3 User, own view. Written here only until the contract publishes the user schema;
 * then this becomes the type inferred from it.
 */
export interface CurrentUser {
  id: string;
  email: string;
  username: string;
  balance: number;
  avatar_url: string;
  description: string | null;
  created_at: string;
  has_frozen_balance: boolean;
  is_banned: boolean;
  is_active: boolean;
  rating: number;
  role: "user" | "admin";
}

export const currentUserQueryKey = ["auth", "me"] as const;

/** POST /auth/: the signed-in user, or null for a guest (the API answers 401 after the refresh also failed). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.post("auth/").json<CurrentUser>();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    // A guest is an answer, not a failure: retrying would only delay the first screen.
    retry: false,
    // When the API fails (not a 401), every screen that mounts would otherwise ask again at once, and the
    // gate's spinner remounting those screens turns that into an endless loop of requests.
    retryOnMount: false,
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user; `data` is null for guests and undefined until the first answer (or after a failure). */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
