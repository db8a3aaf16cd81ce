import { lazy, Suspense } from "react";
import { Box, Container, Group } from "@mantine/core";
import { Outlet } from "react-router";
import { NARROW_BREAKPOINT_PX } from "@lootlane/contract";
import { useCurrentUser } from "@/shared/auth/current-user";
import { useIsBelow } from "@/shared/lib/use-is-below";
import { LanguageSelect } from "@/shared/ui/language-select";
import { Brand } from "../brand";
import classes from "./default-layout.module.css";
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

/** react-remove-scroll's `RemoveScroll.classNames.zeroRight`, named here so the shell does not download the library. */
const SCROLL_LOCK_GAP = "right-scroll-bar-position";

/**
 * Header with brand, navigation, the bell and language; below 1024 px the navigation moves to a bottom tab bar, and
 * the bell with it as the Notifications tab. Laid out with its own styles rather than Mantine's AppShell (issue 24):
 * AppShell and the scroll-lock library it imports for one class name were 7 kB of every first visit's script.
 */
export function DefaultLayout() {
  const narrow = useIsBelow(NARROW_BREAKPOINT_PX);
  const navItems = useMainNav(narrow);
  const { data: user } = useCurrentUser();

  return (
    <>
      <NavigationProgress />
      <header className={`${classes.header} ${SCROLL_LOCK_GAP}`}>
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
      </header>
      <main className={classes.main} data-with-footer={narrow || undefined}>
        <Container size="xl" py={{ base: "md", sm: "xl" }}>
          <Outlet />
        </Container>
      </main>
      {narrow && (
        <footer className={`${classes.footer} ${SCROLL_LOCK_GAP}`}>
          <MainNav items={navItems} variant="bottom" />
        </footer>
      )}
    </>
  );
}
