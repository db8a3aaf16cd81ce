import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/shared/i18n/i18n";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { refusal, stubApi } from "@/test/stub-api";

const secondFactor = refusal(401, "TWO_FACTOR_REQUIRED", "Enter the code from your authenticator app");

// Journeys through real, lazily loaded screens: on a busy machine they need more than the default 5 s.
const JOURNEY_TIMEOUT_MS = 20_000;

afterEach(() => i18n.changeLanguage("en"));

// The screens are lazy chunks: on a machine busy with other work the first one takes seconds to load.
const LAZY_SCREEN = { timeout: 10_000 };

describe("sign-in with two-factor sign-in on", { timeout: JOURNEY_TIMEOUT_MS }, () => {
  it("asks for the app's code after the password, shows a wrong one in the user's language, and signs in", async () => {
    await i18n.changeLanguage("ru");
    const api = stubApi({
      "POST auth/login": [secondFactor, refusal(400, "WRONG_TWO_FACTOR_CODE", "Wrong code"), { body: makeUser() }],
    });
    const { events, router } = renderApp("/signin", { user: null });
    await screen.findByRole("heading", { level: 1, name: "Вход" }, LAZY_SCREEN);
    await fill(events, screen.getByLabelText("E-mail"), "mira@example.com");
    await fill(events, screen.getByLabelText("Пароль", { exact: true }), "Secret123!");
    await events.click(screen.getByRole("button", { name: "Войти" }));

    const code = await screen.findByLabelText("Код из приложения");
    await events.click(screen.getByRole("button", { name: "Войти" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Введите 6 цифр из приложения");
    await fill(events, code, "123456");
    await events.click(screen.getByRole("button", { name: "Войти" }));
    expect(await screen.findByText("Неверный код")).toBeInTheDocument();
    await events.clear(code);
    await fill(events, code, "654321");
    await events.click(screen.getByRole("button", { name: "Войти" }));

    await expect.poll(() => router.state.location.pathname, LAZY_SCREEN).toBe("/");
    expect(api.bodiesOf("POST auth/login")).toEqual([
      { email: "mira@example.com", password: "Secret123!" },
      { email: "mira@example.com", password: "Secret123!", totp_code: "123456" },
      { email: "mira@example.com", password: "Secret123!", totp_code: "654321" },
    ]);
  });

  it("takes a recovery code instead", async () => {
    const api = stubApi({ "POST auth/login": [secondFactor, { body: makeUser() }] });
    const { events, router } = renderApp("/signin", { user: null });
    await screen.findByRole("heading", { level: 1, name: "Sign in" }, LAZY_SCREEN);
    await fill(events, screen.getByLabelText("E-mail"), "mira@example.com");
    await fill(events, screen.getByLabelText("Password", { exact: true }), "Secret123!");
    await events.click(screen.getByRole("button", { name: "Sign in" }));

    await events.click(await screen.findByRole("button", { name: "Use a recovery code instead" }));
    await fill(events, screen.getByLabelText("Recovery code"), "abcd-efgh-jkmn");
    await events.click(screen.getByRole("button", { name: "Sign in" }));

    await expect.poll(() => router.state.location.pathname, LAZY_SCREEN).toBe("/");
    expect(api.bodiesOf("POST auth/login").at(-1)).toEqual({
      email: "mira@example.com",
      password: "Secret123!",
      recovery_code: "abcd-efgh-jkmn",
    });
  });
});
