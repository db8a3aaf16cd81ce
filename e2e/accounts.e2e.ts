import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestMailServer, type TestMailServer } from "@lootlane/server/test/test-mail";
import { launchBrowser, openPage, viewports } from "./support/browser.js";
import { skipReason } from "./support/chromium.js";
import { type StartedServer, startServer } from "./support/server.js";

/** Every visible text a journey needs, in both languages, so one journey runs unchanged in each. */
const ui = {
  en: {
    signUpTitle: "Sign up",
    signInTitle: "Sign in",
    email: "E-mail",
    username: "Username",
    password: "Password",
    repeatPassword: "Repeat password",
    continue: "Continue",
    codeGroup: "Confirmation code",
    firstDigit: "Digit 1 of 6",
    confirmSignUp: "Confirm and sign up",
    home: "Lootlane",
    nav: "Main navigation",
    profileLink: "Profile",
    balance: "Balance",
    about: "About me",
    save: "Save",
    saved: "Description saved",
    menu: "Profile menu",
    logOut: "Log out",
    signIn: "Sign in",
    forgot: "Forgot your password?",
    resetTitle: "Password reset",
    sendCode: "Send code",
    newPassword: "New password",
    repeatNewPassword: "Repeat new password",
    savePassword: "Save password",
    signUpSubject: "Your Lootlane sign-up code",
    resetSubject: "Your Lootlane password reset code",
  },
  ru: {
    signUpTitle: "Регистрация",
    signInTitle: "Вход",
    email: "E-mail",
    username: "Имя пользователя",
    password: "Пароль",
    repeatPassword: "Повторите пароль",
    continue: "Продолжить",
    codeGroup: "Код подтверждения",
    firstDigit: "Цифра 1 из 6",
    confirmSignUp: "Зарегистрироваться",
    home: "Lootlane",
    nav: "Основная навигация",
    profileLink: "Профиль",
    balance: "Баланс",
    about: "О себе",
    save: "Сохранить",
    saved: "Описание сохранено",
    menu: "Меню профиля",
    logOut: "Выйти",
    signIn: "Войти",
    forgot: "Забыли пароль?",
    resetTitle: "Восстановление пароля",
    sendCode: "Отправить код",
    newPassword: "Новый пароль",
    repeatNewPassword: "Повторите новый пароль",
    savePassword: "Сохранить пароль",
    signUpSubject: "Код регистрации в Lootlane",
    resetSubject: "Код сброса пароля Lootlane",
  },
} as const;

type Language = keyof typeof ui;
type Texts = (typeof ui)[Language];

describe.skipIf(skipReason)("account journeys", () => {
  let server: StartedServer;
  let mail: TestMailServer;
  let browser: Browser;

  beforeAll(async () => {
    mail = await startTestMailServer();
    server = await startServer({ env: { SMTP_URL: mail.url, MAIL_FROM: "Lootlane <no-reply@lootlane.test>" } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  /** A page in the given language, as a visitor who picked it earlier (the choice lives in localStorage). */
  async function openIn(language: Language, viewport: { width: number; height: number }) {
    const opened = await openPage(browser, server.baseUrl, viewport);
    await opened.context.addInitScript((value) => localStorage.setItem("user-language", value), language);
    return opened;
  }

  /** Waits for the mail the last action sent to the address and returns its code, checking its language. */
  async function codeFromMail(address: string, subject: string, before: number): Promise<string> {
    const deadline = Date.now() + 15_000;
    while (mail.mailsTo(address).length === before) {
      if (Date.now() > deadline) throw new Error(`no mail reached ${address}:\n${server.logs()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const latest = mail.mailsTo(address).at(-1)!;
    expect(latest.subject).toBe(subject);
    return mail.latestCodeFor(address);
  }

  async function typeCode(page: Page, t: Texts, code: string) {
    const group = page.getByRole("group", { name: t.codeGroup });
    await group.getByRole("textbox", { name: t.firstDigit }).click();
    // One key at a time, as a person types: each digit must move the focus on to the next box.
    await page.keyboard.type(code);
  }

  async function signIn(page: Page, t: Texts, email: string, password: string) {
    await page.goto("/signin");
    await page.getByRole("heading", { level: 1, name: t.signInTitle }).waitFor();
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill(password);
    await page.getByRole("button", { name: t.signIn, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: t.home }).waitFor();
  }

  async function openOwnProfile(page: Page, t: Texts, username: string) {
    await page.getByRole("navigation", { name: t.nav }).getByRole("link", { name: t.profileLink }).click();
    await page.getByRole("heading", { level: 1, name: username }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/profile/${username}`);
  }

  for (const [language, viewport] of [
    ["en", viewports.desktop],
    ["ru", viewports.phone],
  ] as const) {
    const t = ui[language];

    it(`signs up with the mailed code, edits the profile, signs out and back in (${language})`, async () => {
      const username = `journey_${language}`;
      const email = `${username}@example.com`;
      const password = "Journey!1pass";
      const { context, page, pageErrors } = await openIn(language, viewport);

      await page.goto("/signup");
      await page.getByRole("heading", { level: 1, name: t.signUpTitle }).waitFor();
      await page.getByLabel(t.email).fill(email);
      await page.getByLabel(t.username).fill(username);
      await page.getByLabel(t.password, { exact: true }).fill(password);
      await page.getByLabel(t.repeatPassword).fill(password);
      const mailsBefore = mail.mailsTo(email).length;
      await page.getByRole("button", { name: t.continue }).click();

      await page.getByRole("group", { name: t.codeGroup }).waitFor();
      await typeCode(page, t, await codeFromMail(email, t.signUpSubject, mailsBefore));
      await page.getByRole("button", { name: t.confirmSignUp }).click();

      await page.getByRole("heading", { level: 1, name: t.home }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/");
      await openOwnProfile(page, t, username);
      // A new account holds nothing: "0,00 ₽" with a no-break space, the balance format of every language.
      await expect.poll(() => page.getByText(t.balance).locator("..").textContent()).toContain("0,00\u00a0₽");

      const about = page.getByRole("textbox", { name: t.about });
      await about.fill("Keys for every Steam sale, delivered within ten minutes.");
      await page.getByRole("button", { name: t.save }).click();
      await page.getByText(t.saved).waitFor();
      await page.reload();
      await expect
        .poll(() => page.getByRole("textbox", { name: t.about }).inputValue())
        .toBe("Keys for every Steam sale, delivered within ten minutes.");

      await page.getByRole("button", { name: t.menu }).click();
      await page.getByRole("menuitem", { name: t.logOut }).click();
      await page.getByRole("heading", { level: 1, name: t.home }).waitFor();
      // Home as a guest: the profile tab now leads to sign-in, and the session cookies are gone.
      await expect
        .poll(() =>
          page.getByRole("navigation", { name: t.nav }).getByRole("link", { name: t.profileLink }).getAttribute("href"),
        )
        .toBe("/signin");
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("access_token");

      await signIn(page, t, email, password);
      await openOwnProfile(page, t, username);
      await expect
        .poll(() => page.getByRole("textbox", { name: t.about }).inputValue())
        .toBe("Keys for every Steam sale, delivered within ten minutes.");
      expect(pageErrors).toEqual([]);
      await context.close();
    });

    it(`resets a forgotten password with the mailed code and signs in with the new one (${language})`, async () => {
      const username = `reset_${language}`;
      const email = `${username}@example.com`;
      const account = await fetch(`${server.baseUrl}/v1/auth/send-verification-code`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.baseUrl, "accept-language": language },
        body: JSON.stringify({ email, username }),
      });
      expect(account.status).toBe(200);
      const signUpCode = await codeFromMail(email, t.signUpSubject, 0);
      const confirmed = await fetch(`${server.baseUrl}/v1/auth/confirm-verification-code`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.baseUrl },
        body: JSON.stringify({ email, username, password: "Original!1pass", email_code: signUpCode }),
      });
      expect(confirmed.status).toBe(200);

      const { context, page, pageErrors } = await openIn(language, viewport);
      await page.goto("/signin");
      await page.getByRole("link", { name: t.forgot }).click();
      await page.getByRole("heading", { level: 1, name: t.resetTitle }).waitFor();
      await page.getByLabel(t.email).fill(email);
      const mailsBefore = mail.mailsTo(email).length;
      await page.getByRole("button", { name: t.sendCode }).click();

      await page.getByRole("group", { name: t.codeGroup }).waitFor();
      await typeCode(page, t, await codeFromMail(email, t.resetSubject, mailsBefore));
      await page.getByRole("button", { name: t.continue }).click();
      await page.getByLabel(t.newPassword, { exact: true }).fill("Renewed!2pass");
      await page.getByLabel(t.repeatNewPassword).fill("Renewed!2pass");
      await page.getByRole("button", { name: t.savePassword }).click();
      await page.getByRole("heading", { level: 1, name: t.home }).waitFor();
      await context.clearCookies();

      const withOld = await fetch(`${server.baseUrl}/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.baseUrl },
        body: JSON.stringify({ email, password: "Original!1pass" }),
      });
      expect(withOld.status).toBe(401);
      await signIn(page, t, email, "Renewed!2pass");
      await openOwnProfile(page, t, username);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
