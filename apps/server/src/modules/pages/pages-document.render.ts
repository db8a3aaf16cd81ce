import type { Locale } from "@lootlane/contract";

/*
 * The build's index.html as the frame of every page: its <html> tag gets the page's language and its head the
 * page's tags, in place of the build's own title and description (one of each, never two). The template is cut
 * once per build, so a page is a few string joins.
 */

/** The build's index.html with a page's language and head tags put in. */
export type DocumentFrame = (language: Locale, headTags: string) => string;

// One attribute of a start tag, quoted or not (HTML's attribute syntax), so a `>` inside a value ends no tag.
const ATTRIBUTE = String.raw`\s+[^\s"'=<>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?`;
const HTML_TAG = new RegExp(`<html((?:${ATTRIBUTE})*)\\s*/?>`, "i");
// A <meta> with the rest of its line, so one taken out leaves no blank line behind.
const META_LINE = new RegExp(`[ \\t]*<meta((?:${ATTRIBUTE})*)\\s*/?>[ \\t]*(?:\\r?\\n)?`, "gi");
const LANG_ATTRIBUTE = new RegExp(String.raw`\s+lang(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?`, "i");
const DESCRIPTION_NAME = /\sname\s*=\s*(?:"description"|'description'|description(?=[\s/>]|$))/i;
const TITLE_LINE = /[ \t]*<title\b[^>]*>[\s\S]*?<\/title\s*>[ \t]*(?:\r?\n)?/gi;
const HEAD_END = /<\/head\s*>/i;

export function compileDocument(html: string): DocumentFrame {
  const withoutDefaults = html
    .replace(TITLE_LINE, "")
    .replace(META_LINE, (line, attributes: string) => (DESCRIPTION_NAME.test(attributes) ? "" : line));
  const htmlTag = HTML_TAG.exec(withoutDefaults);
  const headEnd = HEAD_END.exec(withoutDefaults);
  // Not the shape of a Vite build: served as it is rather than broken.
  if (htmlTag === null || headEnd === null || headEnd.index < htmlTag.index) return () => html;
  const tagEnd = htmlTag.index + htmlTag[0].length;
  const start = `${withoutDefaults.slice(0, htmlTag.index)}<html${htmlTag[1]!.replace(LANG_ATTRIBUTE, "")}`;
  const head = `>${withoutDefaults.slice(tagEnd, headEnd.index).trimEnd()}\n    `;
  const end = `\n  ${withoutDefaults.slice(headEnd.index)}`;
  return (language, headTags) => `${start} lang="${language}"${head}${headTags}${end}`;
}
