import { Navigate, Outlet } from "react-router";
import { useCurrentUser } from "@/features/auth/api/get-current-user";
import { PageLoader } from "@/shared/ui/page-loader";

/** Login-required routes: they proceed only when the current user could be fetched, else sign-in. */
export function RequireAuth() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoader />;
  return user ? <Outlet /> : <Navigate to="/signin" replace />;
}
