import { API_PREFIX, APP_PAGES } from "@lootlane/contract";

/*
 * robots.txt (RFC 9309): crawlers may read every page but the private ones (the app's list says which) and the
 * API, and find the sitemap. Media stay open: link previews show product pictures and avatars.
 */

/** Each private page as a rule: its path up to a last parameter, `*` for one in the middle; rules a shorter one covers are left out. */
const privateRules = (() => {
  const rules = APP_PAGES.filter((page) => !page.indexed).map((page) => {
    const segments = page.path.split("/").slice(1);
    while (segments.at(-1)?.startsWith(":")) segments[segments.length - 1] = "";
    return `/${segments.map((segment) => (segment.startsWith(":") ? "*" : segment)).join("/")}`.replace(/\/+$/, "/");
  });
  const covered = (rule: string) =>
    rules.some((other) => other !== rule && !other.includes("*") && rule.startsWith(other));
  return [`${API_PREFIX}/`, "/socket.io/", ...rules.filter((rule) => !covered(rule))];
})();

/** The robots.txt of the site at `origin`. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...privateRules.map((rule) => `Disallow: ${rule}`),
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
