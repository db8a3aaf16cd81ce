import { generate } from "otplib";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { type ApiSession, newApiSession } from "./api-session.js";
import { adminCredentials } from "./server.js";

/*
 * The seeded admin must sign in with a second factor (issue 22), and starts without one. The first sign-in to a
 * server (through the API or the browser) sets it up and remembers the secret for that server; later sign-ins
 * enter a fresh code from it, as the admin's phone would. `world` names the database the admin lives in: a
 * server's base URL, or one name for instances sharing a database.
 */

const STEP_SECONDS = 30;
type Authenticator = { secret: string; lastStep: number };
const authenticators = new Map<string, Authenticator>();

const currentStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/**
 * The next code for the admin of `world`. The server refuses a time step already used and takes one step
 * ahead of its clock, so two sign-ins in one step use the step and the next; a third waits for time to move on.
 */
export async function nextAdminCode(world: string): Promise<string> {
  const authenticator = authenticators.get(world);
  if (!authenticator) throw new Error(`the admin of ${world} has not set up two-factor sign-in in this run`);
  const step = Math.max(currentStep(), authenticator.lastStep + 1);
  while (step > currentStep() + 1) {
    await new Promise((resolve) => setTimeout(resolve, (currentStep() + 1) * STEP_SECONDS * 1000 - Date.now() + 50));
  }
  authenticator.lastStep = step;
  return generate({ secret: authenticator.secret, epoch: step * STEP_SECONDS });
}

function rememberSecret(world: string, secret: string): void {
  if (authenticators.has(world)) throw new Error(`the admin of ${world} set up two-factor sign-in twice`);
  authenticators.set(world, { secret, lastStep: 0 });
}

async function okBody(response: Response, step: string): Promise<unknown> {
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${step} answered ${response.status}: ${body}`);
  return body === "" ? undefined : JSON.parse(body);
}

/**
 * Signs the admin in on `api`, setting up two-factor sign-in through the API the first time for `world`.
 * `credentials`: another admin's, such as the one a bench database was seeded with.
 */
export async function signInAdmin(
  api: ApiSession,
  world: string,
  credentials: { email: string; password: string } = adminCredentials,
): Promise<void> {
  if (authenticators.has(world)) {
    const totp_code = await nextAdminCode(world);
    await okBody(await api.call("POST", "/auth/login", { ...credentials, totp_code }), "admin sign-in");
    return;
  }
  await okBody(await api.call("POST", "/auth/login", credentials), "admin sign-in without a code");
  const { secret } = (await okBody(await api.call("POST", "/auth/2fa/setup"), "admin 2FA set-up")) as {
    secret: string;
  };
  rememberSecret(world, secret);
  const code = await nextAdminCode(world);
  await okBody(await api.call("POST", "/auth/2fa/enable", { code }), "admin 2FA enable");
}

/** The admin's API session on the server at `baseUrl`. */
export async function signInAdminThroughApi(baseUrl: string, world = baseUrl): Promise<ApiSession> {
  const api = newApiSession(baseUrl);
  await signInAdmin(api, world);
  return api;
}

/**
 * Signs the admin in on the sign-in page (with its labels in the language it shows): with a fresh code at the
 * second step, or, the first time for `world`, through the set-up the admin area shows until it is done.
 * Ends in the admin area.
 */
export async function signInAdminOnPage(
  page: Page,
  world: string,
  labels = { password: "Password", submit: "Sign in" },
): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(adminCredentials.email);
  await page.getByLabel(labels.password, { exact: true }).fill(adminCredentials.password);
  await page.getByRole("button", { name: labels.submit, exact: true }).click();
  const codeField = page.locator('input[autocomplete="one-time-code"]');
  const startSetup = page.getByTestId("two-factor-start");
  await expect
    .poll(async () => (await codeField.count()) + (await startSetup.count()), { timeout: 15_000 })
    .toBeGreaterThan(0);
  if ((await startSetup.count()) > 0) {
    await startSetup.click();
    rememberSecret(world, (await page.getByTestId("two-factor-secret").textContent())!.trim());
    await codeField.fill(await nextAdminCode(world));
    await codeField.press("Enter");
    await page.getByTestId("two-factor-done").click();
    await expect.poll(() => page.getByTestId("two-factor-done").count(), { timeout: 15_000 }).toBe(0);
    return;
  }
  await codeField.fill(await nextAdminCode(world));
  await codeField.press("Enter");
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe("/signin");
}
