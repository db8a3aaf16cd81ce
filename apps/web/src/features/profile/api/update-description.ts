import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userSchema, type User } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import { profileViewQueryKey, type Profile } from "./get-profile";

/** POST /users/description: the answer is the whole updated user. */
export async function updateDescription(description: string): Promise<User> {
  const body = await api.post("users/description", { json: { description } }).json();
  return userSchema.parse(body);
}

/**
 * Saves the owner's description; the answer replaces the owner's profile (keeping the seller stats the answer does
 * not carry) and the current user, so no refetch is needed.
 */
export function useUpdateDescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDescription,
    // The editor shows the error under the field.
    meta: { notifyError: false },
    onSuccess: (user) => {
      queryClient.setQueryData<Profile>(profileViewQueryKey(user.username, user.username), (cached) =>
        cached?.view === "owner"
          ? { view: "owner", user: { ...user, seller_stats: cached.user.seller_stats } }
          : cached,
      );
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
