import { Outlet } from "react-router";
import { useCurrentUser } from "@/shared/auth/current-user";
import { PageLoader } from "@/shared/ui/page-loader";

/** SPEC §2: nothing renders until the current user is known, so no screen flashes its guest version. */
export function CurrentUserGate() {
  const { isPending } = useCurrentUser();
  return isPending ? <PageLoader fullScreen /> : <Outlet />;
}
