import { Notifications } from "@mantine/notifications";

/** Where notifications appear; its own module so that AppProviders can load it beside the first screen. */
export function NotificationsOutlet() {
  return <Notifications position="top-center" />;
}
