import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { signUpUser, useJourney } from "./support/journey.js";

/** Every answer of 400 or more, and every console error, a page produced while the journey watched. */
function watchFailures(page: Page): { failures: string[] } {
  const failures: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400)
      failures.push(`${response.request().method()} ${response.url()} → ${response.status()}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error") failures.push(`console: ${message.text()}`);
  });
  return { failures };
}

describe.skipIf(skipReason)("a guest's pages and a signed-in user's expired access token", () => {
  const journey = useJourney();

  it("loads the home page, a product page and the sign-in page as a guest without one failing request", async () => {
    const { context, page, pageErrors } = await openPage(journey.browser, journey.server.baseUrl);
    const { failures } = watchFailures(page);

    await page.goto("/");
    const firstProduct = page.locator('main a[href^="/product/"]').first();
    await firstProduct.waitFor({ timeout: 15_000 });
    const productPath = await firstProduct.getAttribute("href");
    await page.goto(productPath!);
    await page.getByRole("heading", { level: 1 }).waitFor({ timeout: 15_000 });
    await page.goto("/signin");
    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor({ timeout: 15_000 });

    expect(failures).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("session_hint");
    await context.close();
  });

  it("refreshes the session when only the access cookie is gone, and the app keeps working", async () => {
    const password = "Quiet!pass1";
    await signUpUser(journey, "quiet_user", password);
    const { context, page, pageErrors } = await openPage(journey.browser, journey.server.baseUrl);
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill("quiet_user@example.com");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Lootlane" }).waitFor({ timeout: 15_000 });
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain("session_hint");

    await context.clearCookies({ name: "access_token" });
    const refreshed = page.waitForResponse((response) => response.url().endsWith("/v1/auth/update-tokens"), {
      timeout: 15_000,
    });
    await page.goto("/settings");
    expect((await refreshed).status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe("/settings");
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain("access_token");
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
