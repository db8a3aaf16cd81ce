import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath, skipReason } from "../../e2e/support/chromium.js";

/** `jsBytes`: the JavaScript a load fetched, lazy chunks included, as compressed on the wire (median). */
export type WebVitalsResult = { loads: number; lcpMs: number; cls: number; jsBytes: number } | { skipped: string };

/** Quiet time after the network goes idle, for late renders and shifts to be observed. */
const IDLE_MS = 1_000;

/**
 * A lab run in the style of Lighthouse's desktop preset without throttling: `loads` cold loads of the home page
 * in fresh browser contexts (no cache), each reading largest-contentful-paint and layout-shift from buffered
 * PerformanceObservers after load, network idle and a quiet second. Answers the median of each, so one load
 * slowed by the shared CPUs does not decide the row.
 */
export async function measureWebVitals(baseUrl: string, loads: number): Promise<WebVitalsResult> {
  if (!chromiumPath) return { skipped: skipReason ?? "no Chromium" };
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const lcps: number[] = [];
  const clss: number[] = [];
  const jsBytes: number[] = [];
  try {
    for (let load = 0; load < loads; load++) {
      const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`, { waitUntil: "load" });
      await page.waitForLoadState("networkidle");
      await sleep(IDLE_MS);
      const vitals = (await page.evaluate(READ_VITALS)) as { lcp: number; cls: number; js: number };
      lcps.push(vitals.lcp);
      clss.push(vitals.cls);
      jsBytes.push(vitals.js);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    loads,
    lcpMs: Math.round(median(lcps)),
    cls: Math.round(median(clss) * 1000) / 1000,
    jsBytes: median(jsBytes),
  };
}

/**
 * Runs in the page: the last largest-contentful-paint candidate, and CLS as Chrome defines it — the largest
 * session window of layout shifts without recent input (shifts less than 1 s apart, at most 5 s long); and the
 * encoded (compressed) size of every script the page fetched, the guest's whole JavaScript of the visit. A string,
 * because it is browser code: tsx would wrap a function's inner names in a helper the page does not have.
 */
const READ_VITALS = `(async () => {
  const entries = (type) => new Promise((resolve) => {
    new PerformanceObserver((list, observer) => { observer.disconnect(); resolve(list.getEntries()); }).observe({ type, buffered: true });
    // An observer with nothing buffered never calls back.
    setTimeout(() => resolve([]), 100);
  });
  const [paints, shifts] = await Promise.all([entries("largest-contentful-paint"), entries("layout-shift")]);
  const last = paints.at(-1);
  const lcp = last ? last.renderTime || last.loadTime || last.startTime : NaN;
  let cls = 0, session = 0, sessionStart = 0, previous = -Infinity;
  for (const shift of shifts) {
    if (shift.hadRecentInput) continue;
    if (shift.startTime - previous > 1000 || shift.startTime - sessionStart > 5000) { session = 0; sessionStart = shift.startTime; }
    session += shift.value;
    previous = shift.startTime;
    cls = Math.max(cls, session);
  }
  const js = performance.getEntriesByType("resource")
    .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
    .reduce((sum, entry) => sum + entry.encodedBodySize, 0);
  return { lcp, cls, js };
})()`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
