import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import { i18n } from "@/shared/i18n/i18n";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { refusal, stubApi } from "@/test/stub-api";

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

  it("links to sign-up and password reset", async () => {
    await openSignIn();

    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/signup");
    expect(screen.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/password-reset");
  });
});
