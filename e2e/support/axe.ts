import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** The rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA: what issue 23 holds every screen to. */
const WCAG_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Impacts that fail a screen: a screen-reader or keyboard user is blocked or misled, or text is unreadable. */
const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

export type AxeFinding = { rule: string; impact: string; target: string; summary: string };

/** Every serious or critical WCAG A/AA violation on the page as it is now, one finding per element. */
export async function blockingViolations(page: Page): Promise<AxeFinding[]> {
  // Legacy mode runs axe.run() in the page itself. The default runs axe per frame and then merges the frames'
  // results in a new blank page, injecting axe three times: half of a screen's check. The app has no frames, so
  // what is checked is the same.
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).setLegacyMode().analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ""))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        impact: violation.impact ?? "",
        target: node.target.join(" "),
        summary: node.failureSummary?.split("\n").slice(1).join(" ").trim() ?? "",
      })),
    );
}

/**
 * Whether the focused element shows a focus indicator: an outline, or a ring drawn as a box shadow, on it or on the
 * wrapper that draws a field's frame (a password field's input sits inside one). Answers the focused element's
 * description too, so a failing assertion says what had the focus.
 */
export function focusedElement(page: Page): Promise<{ description: string; visibleFocus: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { description: "body", visibleFocus: false };
    const shows = (candidate: Element) => {
      const style = getComputedStyle(candidate);
      const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
      return outline || (style.boxShadow !== "none" && style.boxShadow !== "");
    };
    const frame = element.parentElement;
    const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
    return {
      description: `${element.tagName.toLowerCase()}[${element.getAttribute("type") ?? ""}] ${name}`,
      visibleFocus: shows(element) || (frame !== null && shows(frame)),
    };
  });
}
