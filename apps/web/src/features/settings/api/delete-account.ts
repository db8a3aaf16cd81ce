import { useMutation } from "@tanstack/react-query";
import type { DeleteAccountRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { useLeaveSession } from "@/shared/auth/sign-out";

/** POST /auth/delete-account: for good; the server refuses while deals are open or money is on the account. */
export async function deleteAccount(input: DeleteAccountRequest): Promise<void> {
  await api.post("auth/delete-account", { json: input });
}

/** Deleting signs this device out too, so the user lands on the home page as a guest. */
export function useDeleteAccount() {
  const leaveSession = useLeaveSession();
  return useMutation({
    mutationFn: deleteAccount,
    meta: { notifyError: false },
    onSuccess: () => leaveSession("/"),
  });
}
