import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { type StartedServer, startServer } from "./support/server.js";

describe.skipIf(skipReason)("web shell journeys", () => {
  let server: StartedServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the not-found screen for an unknown path, and Back returns to the previous page", async () => {
    const { context, page, pageErrors } = await openPage(browser, server.baseUrl);
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: "Lootlane" }).waitFor();
    await page.goto("/no/such/page");

    await page.getByText("Sorry, page not found").waitFor();
    await page.getByRole("button", { name: "Back" }).click();

    await page.getByRole("heading", { level: 1, name: "Lootlane" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("keeps Russian after a reload once the user switches to it", async () => {
    const { context, page, pageErrors } = await openPage(browser, server.baseUrl);
    await page.goto("/");
    const heading = page.getByRole("heading", { level: 2, name: "Catalogue" });
    await heading.waitFor();

    await Promise.all([page.waitForEvent("load"), page.getByRole("combobox", { name: "Language" }).selectOption("ru")]);
    await page.getByRole("heading", { level: 2, name: "Каталог" }).waitFor();
    await page.reload();

    await page.getByRole("heading", { level: 2, name: "Каталог" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("user-language"))).toBe("ru");
    expect(await page.getAttribute("html", "lang")).toBe("ru");
    expect(
      await page.getByRole("navigation", { name: "Основная навигация" }).getByRole("link").allTextContents(),
    ).toContain("Чаты");
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("sends a guest who opens /chats to /signin", async () => {
    const { context, page } = await openPage(browser, server.baseUrl);
    await page.goto("/chats");

    await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/signin");
    await context.close();
  });

  it("never shows admin content to a guest who opens /admin", async () => {
    const { context, page } = await openPage(browser, server.baseUrl);
    await page.goto("/admin");

    await page.getByRole("heading", { level: 1, name: "Access denied" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/not-access");
    expect(await page.getByRole("navigation", { name: "Admin navigation" }).count()).toBe(0);
    expect(await page.getByText("Dashboard").count()).toBe(0);
    await context.close();
  });

  it("shows the bottom navigation at 375 px and the header navigation at 1280 px", async () => {
    const phone = await openPage(browser, server.baseUrl, viewports.phone);
    await phone.page.goto("/");
    const bottomNav = phone.page.getByRole("navigation", { name: "Main navigation" });
    await bottomNav.waitFor();
    const box = await bottomNav.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeCloseTo(viewports.phone.height, 0);
    expect(await phone.page.getByRole("banner").getByRole("navigation").count()).toBe(0);
    await bottomNav.getByRole("link", { name: "Chats" }).click();
    await phone.page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();
    await phone.context.close();

    const desktop = await openPage(browser, server.baseUrl, viewports.desktop);
    await desktop.page.goto("/");
    await desktop.page.getByRole("banner").getByRole("navigation", { name: "Main navigation" }).waitFor();
    expect(await desktop.page.getByRole("navigation", { name: "Main navigation" }).count()).toBe(1);
    await desktop.context.close();
  });

  it("serves the API documentation at /v1/docs", async () => {
    const { context, page, pageErrors } = await openPage(browser, server.baseUrl);
    await page.goto("/v1/docs");

    await page.getByText("Lootlane API").first().waitFor();
    await page.getByText("/v1/health").first().waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
