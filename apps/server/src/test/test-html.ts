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
  const elements: Element[] = [];
  const walk = (node: Node) => {
    if ("tagName" in node) elements.push(node);
    // A <template>'s content is a fragment of its own; nothing of ours is in one.
    if ("childNodes" in node) for (const child of node.childNodes) walk(child);
  };
  walk(parse(html));
  const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;
  const text = (element: Element) =>
    element.childNodes.map((child) => ("value" in child && child.nodeName === "#text" ? child.value : "")).join("");
  const named = (tag: string) => elements.filter((element) => element.tagName === tag);
  return {
    lang: attribute(named("html")[0]!, "lang"),
    titles: named("title").map(text),
    meta: (key) =>
      named("meta")
        .filter((element) => attribute(element, "name") === key || attribute(element, "property") === key)
        .map((element) => attribute(element, "content") ?? ""),
    canonical: named("link")
      .filter((element) => attribute(element, "rel") === "canonical")
      .map((element) => attribute(element, "href") ?? ""),
    structuredData: named("script")
      .filter((element) => attribute(element, "type") === "application/ld+json")
      .map((element) => JSON.parse(text(element)) as unknown),
    scriptSources: named("script").flatMap((element) => attribute(element, "src") ?? []),
    hasAppRoot: elements.some((element) => attribute(element, "id") === "root"),
  };
}
