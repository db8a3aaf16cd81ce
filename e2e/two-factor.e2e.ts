import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { signInOnPage, signUpUser, useJourney } from "./support/journey.js";

const password = "TwoFactor!1pass";
const STEP_SECONDS = 30;

const languages = {
  en: {
    signIn: { password: "Password", submit: "Sign in" },
    setUp: "Set up",
    code: "Code from the app",
    turnOn: "Turn on",
    saved: "I have saved them",
    isOn: "Two-factor sign-in is on. To turn it off, enter your password and a code.",
    prompt: "Two-factor sign-in is on for this account. Enter the 6-digit code from your authenticator app.",
    wrongCode: "Wrong code",
  },
  ru: {
    signIn: { password: "Пароль", submit: "Войти" },
    setUp: "Настроить",
    code: "Код из приложения",
    turnOn: "Включить",
    saved: "Я их сохранил",
    isOn: "Двухфакторный вход включён. Чтобы выключить его, введите пароль и код.",
    prompt: "Для этого аккаунта включён двухфакторный вход. Введите 6-значный код из приложения-аутентификатора.",
    wrongCode: "Неверный код",
  },
};

/** The authenticator app's code for `step` (a used step is refused again, so each use takes the next one). */
const codeFor = (secret: string, step: number) => generate({ secret, epoch: step * STEP_SECONDS });
const currentStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

describe.skipIf(skipReason)("two-factor sign-in journey", () => {
  const journey = useJourney();

  it.each([
    ["en", "phone"],
    ["ru", "desktop"],
    ["ru", "phone"],
    ["en", "desktop"],
  ] as const)("sets it up in Settings and signs in with a code (%s, %s)", async (language, viewport) => {
    const texts = languages[language];
    const username = `tf_${language}_${viewport}`;
    await signUpUser(journey, username, password);
    const account = { email: `${username}@example.com`, password };

    const device = await openPage(journey.browser, journey.server.baseUrl, viewports[viewport]);
    if (language === "ru") await device.context.addInitScript(() => localStorage.setItem("user-language", "ru"));
    await signInOnPage(device.page, account, texts.signIn);

    // Settings: the QR code and the key as text; the key goes into the "app" (otplib here).
    await device.page.goto("/settings");
    await device.page.getByRole("button", { name: texts.setUp, exact: true }).click();
    const secret = (await device.page.getByTestId("two-factor-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await device.page
      .locator("svg")
      .filter({ has: device.page.locator("path") })
      .first()
      .waitFor();
    const firstStep = currentStep();
    await device.page.getByLabel(texts.code).fill(await codeFor(secret, firstStep));
    await device.page.getByRole("button", { name: texts.turnOn, exact: true }).click();
    const recoveryCodes = device.page.getByTestId("two-factor-recovery-codes").getByRole("listitem");
    await expect.poll(() => recoveryCodes.count(), { timeout: 15_000 }).toBe(10);
    await device.page.getByRole("button", { name: texts.saved, exact: true }).click();
    await device.page.getByText(texts.isOn).waitFor();
    expect(device.pageErrors).toEqual([]);
    await device.context.close();

    // Another device: the password is not enough any more.
    const other = await openPage(journey.browser, journey.server.baseUrl, viewports[viewport]);
    if (language === "ru") await other.context.addInitScript(() => localStorage.setItem("user-language", "ru"));
    await other.page.goto("/signin");
    await other.page.getByLabel("E-mail").fill(account.email);
    await other.page.getByLabel(texts.signIn.password, { exact: true }).fill(password);
    await other.page.getByRole("button", { name: texts.signIn.submit, exact: true }).click();
    await other.page.getByText(texts.prompt).waitFor();
    const right = await codeFor(secret, firstStep + 1);
    await other.page.getByLabel(texts.code).fill(right === "000000" ? "111111" : "000000");
    await other.page.getByRole("button", { name: texts.signIn.submit, exact: true }).click();
    await other.page.getByText(texts.wrongCode, { exact: true }).waitFor();
    expect(new URL(other.page.url()).pathname).toBe("/signin");
    await other.page.getByLabel(texts.code).fill(right);
    await other.page.getByRole("button", { name: texts.signIn.submit, exact: true }).click();
    await expect.poll(() => new URL(other.page.url()).pathname, { timeout: 15_000 }).toBe("/");
    expect(other.pageErrors).toEqual([]);
    await other.context.close();
  });
});
