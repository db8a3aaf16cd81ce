import { AppShell, Badge, Burger, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { NARROW_BREAKPOINT_PX } from "@lootlane/contract";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { useCurrentUser } from "@/shared/auth/current-user";
import { useIsBelow } from "@/shared/lib/use-is-below";
import { LanguageSelect } from "@/shared/ui/language-select";
import { Brand } from "../brand";
import { NavigationProgress } from "../navigation-progress";
import { AdminNav } from "./admin-nav";
import { AdminTwoFactorSetup } from "./admin-two-factor-setup";

/**
 * The admin area: a side menu on wide screens, a drawer behind the burger on phones. An admin's own notifications
 * are behind the bell, as in the rest of the app: a popover on wide screens, the /notifications page below 1024 px.
 * An admin without two-factor sign-in gets its set-up in place of every admin page until it is on.
 */
export function AdminLayout() {
  const { t } = useTranslation("layout");
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const narrow = useIsBelow(NARROW_BREAKPOINT_PX);
  const { data: user } = useCurrentUser();

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 248, breakpoint: "sm", collapsed: { mobile: !navOpened } }}
      padding={{ base: "md", sm: "xl" }}
    >
      <NavigationProgress />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t("admin.toggleNav")}
              aria-expanded={navOpened}
            />
            {/* Beside the menu button, the bell and the language, the name would push the header past 375 px. */}
            <Brand wordFrom="xs" />
            <Badge variant="light" visibleFrom="xs">
              {t("admin.badge")}
            </Badge>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationBell mode={narrow ? "link" : "popover"} />
            <LanguageSelect />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <AdminNav onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>{user?.two_factor_enabled ? <Outlet /> : <AdminTwoFactorSetup />}</AppShell.Main>
    </AppShell>
  );
}
