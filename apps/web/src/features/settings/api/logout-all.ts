import { useMutation } from "@tanstack/react-query";
import { api } from "@/shared/api/api";
import { ApiError } from "@/shared/api/api-error";
import { useLeaveSession } from "@/shared/auth/sign-out";

/** POST /auth/logout-all: ends every session of the user, this one included. A 401 means this one had ended already. */
export async function logoutAll(): Promise<void> {
  try {
    await api.post("auth/logout-all");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
}

/** Sign out everywhere; this device is signed out too, so the user lands on /signin. */
export function useLogoutAll() {
  const leaveSession = useLeaveSession();
  return useMutation({ mutationFn: logoutAll, onSuccess: () => leaveSession("/signin") });
}
