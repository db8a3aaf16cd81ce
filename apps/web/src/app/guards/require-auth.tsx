import { Navigate, Outlet, useLocation } from "react-router";
import { useCurrentUser } from "@/shared/auth/current-user";
import { signInRedirectState } from "@/shared/auth/return-path";
import { PageLoader } from "@/shared/ui/page-loader";

/** Login-required routes: they proceed only when the current user could be fetched, else sign-in, which returns here. */
export function RequireAuth() {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <PageLoader />;
  return user ? <Outlet /> : <Navigate to="/signin" replace state={signInRedirectState(location)} />;
}
