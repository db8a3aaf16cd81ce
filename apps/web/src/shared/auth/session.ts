import { useCallback } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { forgetSentLanguage } from "@/shared/i18n/server-language";
import { currentUserQueryKey, type CurrentUser } from "./current-user";

/** Whether a cached query is the current-user query itself. */
function isCurrentUserQuery(queryKey: readonly unknown[]): boolean {
  return currentUserQueryKey.every((part, index) => queryKey[index] === part);
}

/**
 * Makes `user` the signed-in user (null: a guest). Everything else in the cache was fetched as somebody else
 * (a guest sees no product data, the previous user saw their own balance), so it is dropped, not shown stale.
 * The current user is set first: its mounted observers must see the change, which removing the query would hide.
 * Someone signing in also has this device's language sent to the server again: it is their latest choice.
 */
export function replaceCurrentUser(queryClient: QueryClient, user: CurrentUser | null): void {
  if (user) forgetSentLanguage();
  queryClient.setQueryData(currentUserQueryKey, user);
  queryClient.removeQueries({ predicate: (query) => !isCurrentUserQuery(query.queryKey) });
}

export function useReplaceCurrentUser(): (user: CurrentUser | null) => void {
  const queryClient = useQueryClient();
  return useCallback((user) => replaceCurrentUser(queryClient, user), [queryClient]);
}
