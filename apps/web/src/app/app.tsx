import { currentUserQueryOptions } from "@/shared/auth/current-user";
import { AppProviders } from "./providers/app-providers";
import { createQueryClient } from "./providers/query-client";
import { AppRouter } from "./router/app-router";

const queryClient = createQueryClient();
// Ask who the visitor is while the first route's code is still downloading.
void queryClient.prefetchQuery(currentUserQueryOptions());

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <AppRouter />
    </AppProviders>
  );
}
