import { MutationCache, QueryClient } from "@tanstack/react-query";
import { notifications } from "@mantine/notifications";
import { toApiError } from "@/shared/api/api-error";
import { describeError } from "@/shared/errors/error-message";

declare module "@tanstack/react-query" {
  interface Register {
    /** `notifyError: false` for a mutation whose screen shows its own error text (a form, a banner). */
    mutationMeta: { notifyError?: boolean };
  }
}

/** Only failures that may pass on their own are retried: no answer at all, or a server error. */
function isTransient(error: unknown): boolean {
  const { status } = toApiError(error);
  return status === 0 || status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 2 && isTransient(error),
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
    // A failed action always tells the user why, in their language, unless its screen does so itself.
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (mutation.meta?.notifyError === false) return;
        notifications.show({ color: "red", message: describeError(error) });
      },
    }),
  });
}
