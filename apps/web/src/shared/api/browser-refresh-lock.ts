/** The Web Lock every tab of the app takes to refresh the session, and where the last refresh's time is kept. */
const LOCK_NAME = "lootlane:session-refresh";
const REFRESHED_AT_KEY = "lootlane:session-refreshed-at";

/**
 * Runs `refresh` for a request refused (401) at `refusedAt`, unless another tab refreshed since: then the
 * cookies it set are this tab's too and a plain retry works. Answers whether the session is usable.
 */
export type BrowserRefresh = (refusedAt: number, refresh: () => Promise<boolean>) => Promise<boolean>;

/**
 * One token refresh per browser (issue 17 item 5): tabs share the cookies, so two tabs refreshing with the
 * same refresh token at once would rotate it twice. Every tab's refresh waits on one Web Lock; a tab whose
 * request was refused before another tab's refresh finished only retries. Without the Web Locks API each tab
 * refreshes on its own, and the server answers a parallel refresh within its grace window with the same tokens.
 */
export function browserRefreshLock(locks: LockManager | undefined = globalThis.navigator?.locks): BrowserRefresh {
  const once: BrowserRefresh = async (refusedAt, refresh) => {
    if (lastRefreshAt() >= refusedAt) return true;
    const refreshed = await refresh();
    if (refreshed) rememberRefresh(Date.now());
    return refreshed;
  };
  if (!locks) return once;
  // The lock's promise settles with the callback's answer (DOM typings wrap it in a second promise).
  return async (refusedAt, refresh) => await locks.request(LOCK_NAME, () => once(refusedAt, refresh));
}

// localStorage is shared by the tabs of the origin; where it is refused (storage disabled) every tab refreshes.
function lastRefreshAt(): number {
  try {
    return Number(localStorage.getItem(REFRESHED_AT_KEY) ?? 0);
  } catch {
    return 0;
  }
}

function rememberRefresh(at: number): void {
  try {
    localStorage.setItem(REFRESHED_AT_KEY, String(at));
  } catch {
    // Nothing shared: other tabs refresh themselves, which the server's grace window allows.
  }
}
