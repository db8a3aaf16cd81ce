import { queryOptions, useQuery } from "@tanstack/react-query";
import { userSchema, type User } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { ApiError } from "@/shared/api/api-error";
import { hasSessionHint } from "./session-hint";

/**
 * The signed-in user, shared rather than owned by the auth feature: guards, navigation, profile, products and
 * chats all need to know who is looking.
 */
export type CurrentUser = User;

export const currentUserQueryKey = ["auth", "me"] as const;

/**
 * SPEC §5 Response checks: an answer that is not a User is a failure, logged, instead of a half-read user
 * that would break screens later (e.g. a missing role letting an admin screen guess).
 */
export function parseUser(data: unknown): CurrentUser {
  const result = userSchema.safeParse(data);
  if (result.success) return result.data;
  console.error("The API answered with a user of an unexpected shape", result.error.issues);
  throw new Error("Unexpected user shape", { cause: result.error });
}

/**
 * POST /auth/: the signed-in user, or null for a guest: a browser without the session hint is one without asking,
 * and otherwise the API answers 401 after the refresh also failed.
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  if (!hasSessionHint()) return null;
  let data: unknown;
  try {
    data = await api.post("auth/").json();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
  return parseUser(data);
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
