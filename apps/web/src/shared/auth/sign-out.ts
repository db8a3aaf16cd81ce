import { useCallback, useEffect, useRef } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { api } from "@/shared/api/api";
import { ApiError } from "@/shared/api/api-error";
import { replaceCurrentUser } from "./session";

/** POST /auth/logout. A 401 means the session had already ended, which is what signing out wants. */
export async function signOut(): Promise<void> {
  try {
    await api.post("auth/logout");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
}

/**
 * After the server ended the session: go to `to`, and forget the user only once that screen is on display. A
 * login-required screen that saw the user vanish first would send them to /signin on its own, and the router
 * paints the next screen in a transition, after its navigation has already finished. So the user is cleared by
 * an effect: when the calling screen is replaced (its cleanup), or when it stays and sees the new location.
 */
export function useLeaveSession(): (to: string) => Promise<void> {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const leavingTo = useRef<string | null>(null);

  useEffect(() => {
    if (leavingTo.current !== pathname) return;
    leavingTo.current = null;
    replaceCurrentUser(queryClient, null);
  }, [pathname, queryClient]);

  useEffect(() => {
    const leaving = leavingTo;
    return () => {
      if (leaving.current !== null) replaceCurrentUser(queryClient, null);
    };
  }, [queryClient]);

  return useCallback(
    async (to) => {
      // Already there: no screen will change, and this one needs no user.
      if (to === pathname) {
        replaceCurrentUser(queryClient, null);
        return;
      }
      leavingTo.current = to;
      await navigate(to);
    },
    [navigate, pathname, queryClient],
  );
}

/** Sign out of this device and go home; used by the profile menu and the settings page. */
export function useSignOut() {
  const leaveSession = useLeaveSession();
  return useMutation({ mutationFn: signOut, onSuccess: () => leaveSession("/") });
}
