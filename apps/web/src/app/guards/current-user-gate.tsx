import { Outlet } from "react-router";
import { AdminAlerts } from "../alerts/admin-alerts";
import { useCurrentUser } from "@/shared/auth/current-user";
import { PageLoader } from "@/shared/ui/page-loader";

/**
 * SPEC §2: nothing renders until the current user is known, so no screen flashes its guest version. Admin alerts
 * sit here, above both layouts, so an admin hears of a dispute on any screen.
 */
export function CurrentUserGate() {
  const { isPending } = useCurrentUser();
  if (isPending) return <PageLoader fullScreen />;
  return (
    <>
      <AdminAlerts />
      <Outlet />
    </>
  );
}
