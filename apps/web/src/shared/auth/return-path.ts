/**
 * A login-required screen sends a guest to /signin with the path they wanted; after signing in they go back
 * there. Both sides of that hand-over live here so their shapes cannot drift apart.
 */
interface SignInRedirectState {
  from: string;
}

export function signInRedirectState(location: { pathname: string; search: string }): SignInRedirectState {
  return { from: location.pathname + location.search };
}

/** The path to return to, if the state holds one; only same-site paths ("//host" would leave the site). */
export function readReturnPath(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("from" in state)) return null;
  const { from } = state;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") ? from : null;
}
