import { lazy, Suspense, useEffect, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import { onSessionLost } from "@/shared/api/session-lost";
import type { SocketFactory } from "@/shared/realtime/realtime-client";
import { RealtimeProvider } from "@/shared/realtime/realtime-provider";
import { cssVariablesResolver, themeFor } from "./theme";

// The notifications' container and its transitions download beside the first screen, not before it. A
// notification shown earlier waits in Mantine's store and appears once the container is there.
const notificationsOutlet = import("./notifications-outlet");
const NotificationsOutlet = lazy(() => notificationsOutlet.then((module) => ({ default: module.NotificationsOutlet })));

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** "test" turns off Mantine transitions and portals, so tests see content at once. */
  env?: "default" | "test";
  /** Tests give the realtime connection an in-memory socket. */
  createSocket?: SocketFactory;
}

export function AppProviders({ queryClient, children, env = "default", createSocket }: AppProvidersProps) {
  // SPEC §4: when the refresh fails the current user is cleared, so guards and navigation treat the visitor as a guest.
  useEffect(() => onSessionLost(() => queryClient.setQueryData(currentUserQueryKey, null)), [queryClient]);

  const { t } = useTranslation("common");
  const theme = useMemo(() => themeFor(t("close")), [t]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <Suspense fallback={null}>
        <NotificationsOutlet />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider createSocket={createSocket}>{children}</RealtimeProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
