import type { HttpScenario } from "./catalogue-scenarios.js";
import { percentile } from "./percentile.js";

/** The walk of every product file of the sitemap, one after another, as a crawler reads them. */
export type SitemapResult = {
  /** Files the sitemap index lists, and how many of them list products. */
  files: number;
  productFiles: number;
  /** Product addresses in all of them, and in the largest one (the protocol allows 50,000). */
  productUrls: number;
  largestFile: number;
  /** The index: its first request (which chooses how to slice the catalogue) and one after it. */
  indexColdMs: number;
  indexWarmMs: number;
  /** Time per product file, whole body read. */
  p50: number;
  p95: number;
  max: number;
  /** A product page the sitemap lists: the page HTML row opens it. */
  productPageUrl: string;
};

/**
 * Reads /sitemap.xml, then every product file it lists, sequentially: the time per file and the addresses in
 * them (on a 1,000,000-product catalogue, every product on sale, streamed a batch at a time by the server).
 */
export async function measureSitemap(baseUrl: string): Promise<SitemapResult> {
  const cold = await timedText(`${baseUrl}/sitemap.xml`);
  const warm = await timedText(`${baseUrl}/sitemap.xml`);
  const files = locsOf(warm.text);
  const productFiles = files.filter((file) => new URL(file).pathname.startsWith("/sitemap-products"));
  const times: number[] = [];
  let productUrls = 0;
  let largestFile = 0;
  let productPageUrl: string | undefined;
  for (const file of productFiles) {
    const { text, ms } = await timedText(`${baseUrl}${new URL(file).pathname}`);
    const urls = locsOf(text);
    times.push(ms);
    productUrls += urls.length;
    largestFile = Math.max(largestFile, urls.length);
    productPageUrl ??= urls[0];
  }
  if (productPageUrl === undefined) throw new Error("the sitemap lists no product to open");
  times.sort((a, b) => a - b);
  return {
    files: files.length,
    productFiles: productFiles.length,
    productUrls,
    largestFile,
    indexColdMs: cold.ms,
    indexWarmMs: warm.ms,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: percentile(times, 1),
    // The address as served (PUBLIC_URL's origin when set), on the server under test.
    productPageUrl: `${baseUrl}${new URL(productPageUrl).pathname}`,
  };
}

/** The product page as a link preview or a crawler opens it (no Accept header): the app with the product's head. */
export function productPageScenario(url: string): HttpScenario {
  return { name: "GET /product/{id} (page HTML with its head)", request: { url } };
}

export function sitemapLine(result: SitemapResult): string {
  return `The index lists ${result.files} files (${result.indexColdMs.toFixed(0)} ms on first request, ${result.indexWarmMs.toFixed(0)} ms after); its ${result.productFiles} product files, each read whole one after another, list ${result.productUrls} products (the largest ${result.largestFile}): ${result.p50} ms per file at the median, p95 ${result.p95} ms, slowest ${result.max} ms.`;
}

async function timedText(url: string): Promise<{ text: string; ms: number }> {
  const began = performance.now();
  const response = await fetch(url);
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return { text, ms: performance.now() - began };
}

function locsOf(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
}
