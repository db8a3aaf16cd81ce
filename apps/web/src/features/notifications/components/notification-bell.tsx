import { lazy, Suspense, useState } from "react";
import { ActionIcon, Center, Loader, Popover } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { loadNamespaces } from "@/shared/i18n/i18n";
import { CountBadge } from "@/shared/ui/count-badge";
import { BellIcon } from "@/shared/ui/icons";
import { useUnreadNotificationsCount } from "../api/get-unread-count";
import classes from "./notification-bell.module.css";

/** The list and its texts download the first time the bell is opened, not with every page. */
const NotificationPanel = lazy(() =>
  Promise.all([import("./notification-panel"), loadNamespaces(["notifications"])]).then(([module]) => ({
    default: module.NotificationPanel,
  })),
);

interface NotificationBellProps {
  /** "popover": the list opens under the bell (wide screens); "link": the bell leads to /notifications (phones). */
  mode: "popover" | "link";
}

/** The header's bell with the unread count; its name says the count in words. */
export function NotificationBell({ mode }: NotificationBellProps) {
  const { t } = useTranslation("layout");
  const count = useUnreadNotificationsCount();
  const [opened, setOpened] = useState(false);
  const label = count > 0 ? `${t("bell.label")}${t("nav.unread", { count })}` : t("bell.label");
  const icon = (
    <span className={classes.icon}>
      <BellIcon size={22} />
      <CountBadge count={count} />
    </span>
  );

  if (mode === "link")
    return (
      <ActionIcon
        component={Link}
        to="/notifications"
        variant="subtle"
        color="gray"
        size="lg"
        className={classes.button}
        aria-label={label}
      >
        {icon}
      </ActionIcon>
    );

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={400} shadow="md" trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          className={classes.button}
          aria-label={label}
          aria-expanded={opened}
          aria-haspopup="dialog"
          onClick={() => setOpened((open) => !open)}
        >
          {icon}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" aria-label={t("bell.label")}>
        <Suspense
          fallback={
            <Center py="lg">
              <Loader size="sm" />
            </Center>
          }
        >
          <NotificationPanel onClose={() => setOpened(false)} />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
