import { useEffect, type ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import { onSessionLost } from "@/shared/api/session-lost";
import { theme } from "./theme";

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** "test" turns off Mantine transitions and portals, so tests see content at once. */
  env?: "default" | "test";
}

export function AppProviders({ queryClient, children, env = "default" }: AppProvidersProps) {
  // SPEC §4: when the refresh fails the current user is cleared, so guards and navigation treat the visitor as a guest.
  useEffect(() => onSessionLost(() => queryClient.setQueryData(currentUserQueryKey, null)), [queryClient]);

  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <Notifications position="top-center" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
