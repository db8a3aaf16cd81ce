import { Outlet } from "react-router";
import { AdminAlerts } from "../alerts/admin-alerts";
import { useCurrentUser } from "@/shared/auth/current-user";
import { useServerLanguageSync } from "@/shared/i18n/server-language";
import { PageLoader } from "@/shared/ui/page-loader";

/**
 * SPEC §2: nothing renders until the current user is known, so no screen flashes its guest version. Admin alerts
 * sit here, above both layouts, so an admin hears of a dispute on any screen; so does the sending of the device's
 * language to the server, which every signed-in screen needs.
 */
export function CurrentUserGate() {
  const { isPending } = useCurrentUser();
  useServerLanguageSync();
  if (isPending) return <PageLoader fullScreen />;
  return (
    <>
      <AdminAlerts />
      <Outlet />
    </>
  );
}
