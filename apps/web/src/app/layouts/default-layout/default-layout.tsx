import { lazy, Suspense } from "react";
import { AppShell, Box, Container, Group } from "@mantine/core";
import { Outlet } from "react-router";
import { NARROW_BREAKPOINT_PX } from "@lootlane/contract";
import { useCurrentUser } from "@/shared/auth/current-user";
import { useIsBelow } from "@/shared/lib/use-is-below";
import { LanguageSelect } from "@/shared/ui/language-select";
import { Brand } from "../brand";
import { NavigationProgress } from "../navigation-progress";
import { MainNav } from "./main-nav";
import { useMainNav } from "./use-main-nav";

/**
 * Only a signed-in visitor on a wide screen has the bell, so its popover (with Floating UI and the focus trap) is
 * not part of every first visit's download.
 */
const NotificationBell = lazy(() =>
  import("@/features/notifications/components/notification-bell").then((module) => ({
    default: module.NotificationBell,
  })),
);

/** Holds the bell's place (an ActionIcon of size lg) while it downloads, so the language select does not shift. */
const BELL_SIZE = 34;

const HEADER_HEIGHT = 64;
/** The tab bar grows by the phone's home-indicator area so its labels stay tappable. */
const BOTTOM_NAV_HEIGHT = "calc(64px + env(safe-area-inset-bottom))";

/**
 * Header with brand, navigation, the bell and language; below 1024 px the navigation moves to a bottom tab bar, and
 * the bell with it as the Notifications tab.
 */
export function DefaultLayout() {
  const narrow = useIsBelow(NARROW_BREAKPOINT_PX);
  const navItems = useMainNav(narrow);
  const { data: user } = useCurrentUser();

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      footer={narrow ? { height: BOTTOM_NAV_HEIGHT } : undefined}
      padding={0}
    >
      <NavigationProgress />
      <AppShell.Header>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
            <Brand />
            {!narrow && <MainNav items={navItems} variant="header" />}
            <Group gap="xs" wrap="nowrap">
              {user && !narrow && (
                <Suspense fallback={<Box w={BELL_SIZE} h={BELL_SIZE} />}>
                  <NotificationBell mode="popover" />
                </Suspense>
              )}
              <LanguageSelect />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl" py={{ base: "md", sm: "xl" }}>
          <Outlet />
        </Container>
      </AppShell.Main>
      {narrow && (
        <AppShell.Footer>
          <MainNav items={navItems} variant="bottom" />
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
