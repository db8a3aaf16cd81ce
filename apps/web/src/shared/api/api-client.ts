import ky, { type KyInstance, type Options } from "ky";
import { ACCESS_TOKEN_ERRORS, API_PREFIX, errorResponseSchema, HTTP_TIMEOUT_MS } from "@lootlane/contract";
import { apiErrorFromHttpError } from "./api-error";
import { browserRefreshLock } from "./browser-refresh-lock";

export interface ApiClientOptions {
  /** Same-origin `/v1` in the app; tests point it at a local server. */
  prefixUrl?: string;
  /** Sent as Accept-Language so the server's error messages match the interface. */
  getLanguage: () => string;
  /** Called once when a refresh fails, i.e. the user is no longer signed in. */
  onSessionLost: () => void;
  fetch?: typeof fetch;
  /** The browser's Web Locks (`navigator.locks`, the default), which make one refresh serve every tab. */
  locks?: LockManager;
  /** Whether the browser may hold a session (the hint cookie); without one a 401 is final, no refresh is tried. */
  hasSession?: () => boolean;
}

const REFRESH_PATH = "auth/update-tokens";
/** A 401 from these means wrong credentials or a dead refresh token, not an expired access token. */
const NO_REFRESH_PATHS = ["/auth/update-tokens", "/auth/login"];

function isNoRefreshPath(url: string): boolean {
  const { pathname } = new URL(url);
  return NO_REFRESH_PATHS.some((path) => pathname.endsWith(path));
}

/** A 401 a refresh can cure: the access token is missing or stale, not a second factor or a wrong password. */
async function isAccessTokenRefusal(response: Response): Promise<boolean> {
  const answer = errorResponseSchema.safeParse(
    await response
      .clone()
      .json()
      .catch(() => undefined),
  );
  return answer.success && ACCESS_TOKEN_ERRORS.includes(answer.data.detail.error_code);
}

/**
 * The one HTTP client (SPEC §4 Session, §7): cookies, 10 s timeout, and on a 401 for a missing or stale access
 * token, where the browser may hold a session, one shared token refresh followed by one retry. Failed answers are thrown as ApiError.
 */
export function createApiClient({
  prefixUrl = API_PREFIX,
  getLanguage,
  onSessionLost,
  fetch,
  locks,
  hasSession = () => true,
}: ApiClientOptions): KyInstance {
  const base: Options = {
    prefixUrl,
    credentials: "include",
    timeout: HTTP_TIMEOUT_MS,
    ...(fetch ? { fetch } : {}),
  };
  const refreshClient = ky.create({ ...base, retry: 0 });
  const oncePerBrowser = browserRefreshLock(locks);
  let refreshing: Promise<boolean> | null = null;

  // Every 401 that arrives while a refresh is running shares it, and other tabs wait for it too: the refresh
  // token rotates, so refreshing again with the old one would be taken as token reuse and end the session.
  function refreshSession(refusedAt: number): Promise<boolean> {
    refreshing ??= oncePerBrowser(refusedAt, () =>
      refreshClient.post(REFRESH_PATH).then(
        () => true,
        () => false,
      ),
    )
      .then((refreshed) => {
        if (!refreshed) onSessionLost();
        return refreshed;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  return ky.create({
    ...base,
    // Only the forced retry after a refresh; retrying other failures is React Query's job.
    retry: { limit: 1, shouldRetry: () => false },
    hooks: {
      beforeRequest: [
        async (request) => {
          request.headers.set("Accept-Language", getLanguage());
          // A request sent during a refresh would carry the old access cookie; it waits for the new one.
          if (refreshing) await refreshing;
        },
      ],
      afterResponse: [
        async (request, _options, response, { retryCount }) => {
          if (response.status !== 401 || retryCount > 0 || isNoRefreshPath(request.url) || !hasSession()) return;
          if (!(await isAccessTokenRefusal(response))) return;
          if (await refreshSession(Date.now())) return ky.retry({ delay: 0, code: "SESSION_REFRESHED" });
          // The refresh failed: the original 401 goes through to the caller.
        },
      ],
      beforeError: [
        async (error) => {
          const { status } = error.response;
          // SPEC §8: 404 and 500 answers are logged by the request layer; screens decide what to show.
          if (status === 404 || status >= 500)
            console.error(`API ${error.request.method} ${error.request.url} → ${status}`);
          throw await apiErrorFromHttpError(error);
        },
      ],
    },
  });
}
