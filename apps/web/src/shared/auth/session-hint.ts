import { SESSION_HINT_COOKIE } from "@lootlane/contract";

/**
 * Whether this browser may hold a session: the server sets a readable hint cookie with the (unreadable) tokens
 * and clears it with them. Without it the app knows it serves a guest without asking, so a guest's page load
 * sends no request that can only fail.
 */
export function hasSessionHint(cookies: string = document.cookie): boolean {
  return cookies.split(";").some((cookie) => cookie.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
