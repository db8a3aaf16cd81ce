import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import { i18n } from "@/shared/i18n/i18n";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { refusal, stubApi } from "@/test/stub-api";

const lockedOut = {
  ...refusal(429, "TOO_MANY_REQUESTS", "Too many attempts, try again in 3600 s"),
  headers: { "x-sign-in-code": "available" },
};

// Journeys through real, lazily loaded screens: on a busy machine they need more than the default 5 s.
const JOURNEY_TIMEOUT_MS = 20_000;

afterEach(() => i18n.changeLanguage("en"));

async function openSignIn(options: Parameters<typeof renderApp>[1] = { user: null }, path = "/signin") {
  const app = renderApp(path, options);
  await screen.findByRole("heading", { level: 1, name: "Sign in" });
  return app;
}

async function signInAs(events: Awaited<ReturnType<typeof openSignIn>>["events"], email: string, password: string) {
  if (email) await fill(events, screen.getByLabelText("E-mail"), email);
  if (password) await fill(events, screen.getByLabelText("Password", { exact: true }), password);
  await events.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("sign in", { timeout: JOURNEY_TIMEOUT_MS }, () => {
  it("shows the client rules next to the fields and sends nothing", async () => {
    const api = stubApi({});
    const { events } = await openSignIn();

    await signInAs(events, "", "");

    expect(screen.getByLabelText("E-mail")).toHaveAccessibleDescription("Enter your e-mail");
    expect(screen.getByLabelText("Password", { exact: true })).toHaveAccessibleDescription("Enter your password");

    await signInAs(events, "mira@example", "1234567");

    expect(screen.getByLabelText("E-mail")).toHaveAccessibleDescription("Enter a valid e-mail, like name@example.com");
    expect(screen.getByLabelText("Password", { exact: true })).toHaveAccessibleDescription(
      "The password must be at least 8 characters long",
    );
    expect(api.calls).toEqual([]);
  });

  it("signs a user in, remembers them and goes home", async () => {
    const user = makeUser({ username: "mira" });
    const api = stubApi({ "POST auth/login": { body: user } });
    const { events, router, queryClient } = await openSignIn();

    await signInAs(events, "  mira@example.com ", "Secret123!");

    expect(await screen.findByRole("heading", { level: 1, name: "Lootlane" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(api.bodiesOf("POST auth/login")).toEqual([{ email: "mira@example.com", password: "Secret123!" }]);
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(user);
    const nav = screen.getByRole("navigation", { name: "Main navigation" });
    expect(within(nav).getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile/mira");
  });

  it("takes an admin to the admin area", async () => {
    stubApi({ "POST auth/login": { body: makeUser({ username: "root", role: "admin" }) } });
    const { events, router } = await openSignIn();

    await signInAs(events, "root@example.com", "Secret123!");

    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin");
  });

  it("returns a user to the login-required page that sent them here", async () => {
    stubApi({ "POST auth/login": { body: makeUser() } });
    const { events, router } = await openSignIn({ user: null }, "/chats");

    await signInAs(events, "mira@example.com", "Secret123!");

    expect(await screen.findByRole("heading", { level: 1, name: "Chats" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/chats");
  });

  it("shows the server's refusal in the interface language", async () => {
    await i18n.changeLanguage("ru");
    stubApi({ "POST auth/login": refusal(401, "INCORRECT_EMAIL_OR_PASSWORD", "Incorrect e-mail or password") });
    const { events, router } = renderApp("/signin", { user: null });
    await screen.findByRole("heading", { level: 1, name: "Вход" });

    await fill(events, screen.getByLabelText("E-mail"), "mira@example.com");
    await fill(events, screen.getByLabelText("Пароль", { exact: true }), "Wrong-pass1");
    await events.click(screen.getByRole("button", { name: "Войти" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Неверный e-mail или пароль");
    expect(router.state.location.pathname).toBe("/signin");
  });

  it("puts a validation answer's messages on their fields", async () => {
    stubApi({
      "POST auth/login": refusal(422, "VALIDATION_ERROR", "Invalid", [
        { field: "email", message: "This address cannot be used" },
      ]),
    });
    const { events } = await openSignIn();

    await signInAs(events, "mira@example.com", "Secret123!");

    expect(await screen.findByText("This address cannot be used")).toBeInTheDocument();
    expect(screen.getByLabelText("E-mail")).toHaveAccessibleDescription("This address cannot be used");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("offers a mailed code when the account's sign-in is locked, and signs in with the password and the code", async () => {
    const user = makeUser({ username: "mira" });
    const api = stubApi({
      "POST auth/login": [lockedOut, { body: user }],
      "POST auth/login-code": { body: { success: true, resend_after: 60 } },
    });
    const { events, router } = await openSignIn();

    await signInAs(events, "mira@example.com", "Secret123!");

    expect(await screen.findByRole("group", { name: "Confirmation code" })).toBeInTheDocument();
    expect(screen.getByText(/Too many wrong passwords were tried for this account/)).toBeInTheDocument();
    expect(screen.getByText(/We sent a 6-digit code to mira@example\.com/)).toBeInTheDocument();
    expect(api.bodiesOf("POST auth/login-code")).toEqual([{ email: "mira@example.com", password: "Secret123!" }]);

    await events.click(within(screen.getByRole("group", { name: "Confirmation code" })).getAllByRole("textbox")[0]!);
    await events.paste("123456");
    await events.click(screen.getByRole("button", { name: "Sign in with the code" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Lootlane" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(api.bodiesOf("POST auth/login").at(-1)).toEqual({
      email: "mira@example.com",
      password: "Secret123!",
      code: "123456",
    });
  });

  it("offers the code step in Russian too, and shows a wrong code under the boxes", async () => {
    await i18n.changeLanguage("ru");
    stubApi({
      "POST auth/login": [lockedOut, refusal(400, "WRONG_VERIFICATION_CODE", "Wrong verification code")],
      "POST auth/login-code": { body: { success: true, resend_after: 60 } },
    });
    const { events } = renderApp("/signin", { user: null });
    await screen.findByRole("heading", { level: 1, name: "Вход" });
    await fill(events, screen.getByLabelText("E-mail"), "mira@example.com");
    await fill(events, screen.getByLabelText("Пароль", { exact: true }), "Secret123!");
    await events.click(screen.getByRole("button", { name: "Войти" }));

    const group = await screen.findByRole("group", { name: "Код подтверждения" });
    expect(screen.getByText(/слишком много неверных паролей/)).toBeInTheDocument();
    await events.click(within(group).getAllByRole("textbox")[0]!);
    await events.paste("000000");
    await events.click(screen.getByRole("button", { name: "Войти с кодом" }));

    expect(await screen.findByText("Неверный код подтверждения")).toBeInTheDocument();
  });

  it("keeps a per-machine limit in the banner: no code is offered without the server's hint", async () => {
    const api = stubApi({
      "POST auth/login": refusal(429, "TOO_MANY_REQUESTS", "Too many attempts, try again in 60 s"),
    });
    const { events } = await openSignIn();

    await signInAs(events, "mira@example.com", "Secret123!");

    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts, try again in 60 s");
    expect(screen.queryByRole("group", { name: "Confirmation code" })).not.toBeInTheDocument();
    expect(api.bodiesOf("POST auth/login-code")).toEqual([]);
  });

  it("links to sign-up and password reset", async () => {
    await openSignIn();

    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/signup");
    expect(screen.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/password-reset");
  });
});
