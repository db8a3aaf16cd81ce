import type { Locale } from "@lootlane/contract";
import { OG_LOCALES, SITE_NAME } from "./pages.texts.js";

/*
 * A page's head as tags: what search engines and link previews (OpenGraph, Twitter cards) read before any script
 * runs. Titles and descriptions come from users, so every value is escaped for where it lands: attribute and
 * text escaping in the tags, and JSON with `<`, `>` and `&` as \u escapes inside the JSON-LD script, which no
 * value can then end early.
 */

/** What one page tells about itself. */
export type PageHead = {
  language: Locale;
  title: string;
  description: string;
  /** Search engines index the page: it gets a canonical address and no `noindex`. */
  indexed: boolean;
  /** Absolute: PUBLIC_URL's origin, or the request's own, with the page's path. */
  canonicalUrl?: string | undefined;
  /** OpenGraph's og:type. */
  type?: "website" | "product" | "profile";
  /** Absolute address of the picture a preview shows. */
  imageUrl?: string | undefined;
  /** More OpenGraph properties of the type, e.g. product:price:amount. */
  properties?: ReadonlyArray<readonly [string, string]>;
  /** A schema.org object (JSON-LD), e.g. a Product. */
  structuredData?: object;
};

export function renderHeadTags(head: PageHead): string {
  const { title, description, imageUrl, canonicalUrl } = head;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta("name", "description", description),
    head.indexed && canonicalUrl !== undefined
      ? `<link rel="canonical" href="${escapeHtml(canonicalUrl)}">`
      : meta("name", "robots", "noindex"),
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:locale", OG_LOCALES[head.language]),
    meta("property", "og:type", head.type ?? "website"),
    meta("property", "og:title", title),
    meta("property", "og:description", description),
    ...(head.indexed && canonicalUrl !== undefined ? [meta("property", "og:url", canonicalUrl)] : []),
    ...(imageUrl === undefined ? [] : [meta("property", "og:image", imageUrl)]),
    ...(head.properties ?? []).map(([property, content]) => meta("property", property, content)),
    meta("name", "twitter:card", imageUrl === undefined ? "summary" : "summary_large_image"),
    meta("name", "twitter:title", title),
    meta("name", "twitter:description", description),
    ...(imageUrl === undefined ? [] : [meta("name", "twitter:image", imageUrl)]),
    ...(head.structuredData === undefined
      ? []
      : [`<script type="application/ld+json">${scriptSafeJson(head.structuredData)}</script>`]),
  ];
  return tags.join("\n    ");
}

function meta(attribute: "name" | "property", key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
}

const htmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text safe in element content and in a quoted attribute alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);
}

/** JSON that stays JSON and cannot close its <script>: the characters HTML cares about as \u escapes. */
function scriptSafeJson(value: object): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * A description short enough for a result snippet: line breaks and runs of spaces folded (no-break spaces, as
 * inside a price, kept), cut at a word with an ellipsis.
 */
export function snippet(text: string, maxLength = 200): string {
  const folded = text.replace(/[^\S\u00a0\u202f]+/g, " ").trim();
  if (folded.length <= maxLength) return folded;
  const cut = folded.slice(0, maxLength - 1);
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > maxLength / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}
