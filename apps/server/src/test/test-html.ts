import { parse, type DefaultTreeAdapterMap } from "parse5";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/** What a page's document says in its head, read by a real HTML parser (parse5) as a browser or a crawler would. */
export type ParsedPage = {
  /** The <html> element's lang. */
  lang: string | undefined;
  /** The text of every <title>, wherever the parser put it. */
  titles: string[];
  /** Every content of the <meta> elements with this name or property, in order. */
  meta(key: string): string[];
  /** The href of every <link rel="canonical">. */
  canonical: string[];
  /** Every JSON-LD script, parsed. */
  structuredData: unknown[];
  /** The scripts the build loads (their src) and whether the app's root element is there. */
  scriptSources: string[];
  hasAppRoot: boolean;
};

export function parsePage(html: string): ParsedPage {
  const elements = elementsOf(html);
  const named = (tag: string) => elements.filter((element) => element.tagName === tag);
  return {
    lang: attribute(named("html")[0]!, "lang"),
    titles: named("title").map(textOf),
    meta: (key) =>
      named("meta")
        .filter((element) => attribute(element, "name") === key || attribute(element, "property") === key)
        .map((element) => attribute(element, "content") ?? ""),
    canonical: named("link")
      .filter((element) => attribute(element, "rel") === "canonical")
      .map((element) => attribute(element, "href") ?? ""),
    structuredData: named("script")
      .filter((element) => attribute(element, "type") === "application/ld+json")
      .map((element) => JSON.parse(textOf(element)) as unknown),
    scriptSources: named("script").flatMap((element) => attribute(element, "src") ?? []),
    hasAppRoot: elements.some((element) => attribute(element, "id") === "root"),
  };
}

/** A sitemap or sitemap index (sitemaps.org), read by the same parser: its files' or pages' addresses. */
export type ParsedSitemap = {
  /** The <loc> of each <sitemap> of an index. */
  files: string[];
  /** Each <url> of a sitemap: its <loc> and <lastmod>. */
  urls: Array<{ loc: string; lastmod: string | undefined }>;
};

export function parseSitemap(xml: string): ParsedSitemap {
  const elements = elementsOf(xml);
  const child = (element: Element, tag: string) => {
    const found = element.childNodes.find((node): node is Element => "tagName" in node && node.tagName === tag);
    return found && textOf(found);
  };
  return {
    files: elements.filter((element) => element.tagName === "sitemap").map((element) => child(element, "loc")!),
    urls: elements
      .filter((element) => element.tagName === "url")
      .map((element) => ({ loc: child(element, "loc")!, lastmod: child(element, "lastmod") })),
  };
}

/** Every element of the document, in document order. */
function elementsOf(markup: string): Element[] {
  const elements: Element[] = [];
  const walk = (node: Node) => {
    if ("tagName" in node) elements.push(node);
    // A <template>'s content is a fragment of its own; nothing of ours is in one.
    if ("childNodes" in node) for (const child of node.childNodes) walk(child);
  };
  walk(parse(markup));
  return elements;
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

function textOf(element: Element): string {
  return element.childNodes.map((node) => ("value" in node && node.nodeName === "#text" ? node.value : "")).join("");
}
