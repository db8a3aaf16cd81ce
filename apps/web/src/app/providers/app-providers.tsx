import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MantineProvider } from "@mantine/core";
import { useNotifications } from "@mantine/notifications";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import { onSessionLost } from "@/shared/api/session-lost";
import type { SocketFactory } from "@/shared/realtime/realtime-client";
import { RealtimeProvider } from "@/shared/realtime/realtime-provider";
import { cssVariablesResolver, themeFor } from "./theme";

const NotificationsOutlet = lazy(() =>
  import("./notifications-outlet").then((module) => ({ default: module.NotificationsOutlet })),
);

/**
 * The notifications' container and its transitions (issue 24: 6 kB a visit that shows none would download) load with
 * the first notification. Until then it waits in Mantine's store, and the container shows it once it is there.
 */
function NotificationsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsOutlet />
    </Suspense>
  ) : null;
}

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
      <NotificationsOnDemand />
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider createSocket={createSocket}>{children}</RealtimeProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
