import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { recordBodySecrets, recordCookieSecrets } from "@lootlane/server/test/secret-recorder";
import { chromiumArgs, chromiumPath } from "./chromium.js";

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error("no Chromium");
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

export const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

/** A fresh context (own cookies and storage) at a viewport, with page errors collected for assertions. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  // What a person types (passwords, codes, goods) and the tokens the browser gets must not show in the server's logs.
  context.on("request", (request) => recordBodySecrets(request.postDataBuffer()));
  context.on(
    "response",
    (response) =>
      void response.headerValue("set-cookie").then(
        (cookies) => recordCookieSecrets(cookies?.split("\n") ?? []),
        () => undefined,
      ),
  );
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) pageErrors.push(message.text());
  });
  return { context, page, pageErrors };
}
