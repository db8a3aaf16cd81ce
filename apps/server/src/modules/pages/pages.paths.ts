import { APP_PAGES, type AppPagePath } from "@lootlane/contract";

/*
 * Which page of the web app a path is, picked as its router picks (react-router): static segments match without
 * regard to case and outrank parameters (/product/create is not a product), a trailing slash changes nothing, and
 * parameters are decoded.
 */

export type PageMatch = { path: AppPagePath; indexed: boolean; params: Readonly<Record<string, string>> };

const pages = APP_PAGES.map((page) => {
  const segments = page.path.split("/").filter(Boolean);
  return { ...page, segments, staticCount: segments.filter((segment) => !segment.startsWith(":")).length };
});

/** The app's page at `pathname` (the path of a request, still URL-encoded), or undefined for a path it has not. */
export function matchPage(pathname: string): PageMatch | undefined {
  const segments = decodedSegments(pathname);
  if (segments === undefined) return undefined;
  let best: (PageMatch & { staticCount: number }) | undefined;
  for (const page of pages) {
    if (page.segments.length !== segments.length || (best !== undefined && best.staticCount >= page.staticCount))
      continue;
    const params: Record<string, string> = {};
    const matches = page.segments.every((segment, index) => {
      const given = segments[index]!;
      if (segment.startsWith(":")) {
        params[segment.slice(1)] = given;
        return true;
      }
      return segment.toLowerCase() === given.toLowerCase();
    });
    if (matches) best = { path: page.path, indexed: page.indexed, params, staticCount: page.staticCount };
  }
  return best && { path: best.path, indexed: best.indexed, params: best.params };
}

/** The path's segments, decoded; undefined for a segment that is not valid percent-encoding. */
function decodedSegments(pathname: string): string[] | undefined {
  try {
    return pathname
      .split("/")
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}
