import { Navigate, Outlet } from "react-router";
import { useCurrentUser } from "@/shared/auth/current-user";
import { PageLoader } from "@/shared/ui/page-loader";

/** Admin routes: anyone who is not an admin, guests included, is sent to /not-access and sees nothing of them. */
export function RequireAdmin() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoader fullScreen />;
  return user?.role === "admin" ? <Outlet /> : <Navigate to="/not-access" replace />;
}
