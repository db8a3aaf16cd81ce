import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import { i18n } from "@/shared/i18n/i18n";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { refusal, stubApi } from "@/test/stub-api";

// Journeys through real, lazily loaded screens: on a busy machine they need more than the default 5 s.
const JOURNEY_TIMEOUT_MS = 20_000;

type Events = ReturnType<typeof renderApp>["events"];

const email = "mira@example.com";
const codeSent = { body: { success: true, resend_after: 60 } };

async function openReset() {
  const app = renderApp("/password-reset", { user: null });
  await screen.findByRole("heading", { level: 1, name: "Password reset" });
  return app;
}

async function submitEmail(events: Events) {
  await fill(events, screen.getByLabelText("E-mail"), email);
  await events.click(screen.getByRole("button", { name: "Send code" }));
  await screen.findByRole("group", { name: "Confirmation code" });
}

async function submitCode(events: Events, code = "654321") {
  await events.click(
    within(screen.getByRole("group", { name: "Confirmation code" })).getByRole("textbox", { name: "Digit 1 of 6" }),
  );
  await events.paste(code);
  await events.click(screen.getByRole("button", { name: "Continue" }));
}

describe("password reset", { timeout: JOURNEY_TIMEOUT_MS }, () => {
  it("goes from e-mail to code to new password, then signs the user in and goes home", async () => {
    const user = makeUser();
    const api = stubApi({
      "POST auth/password-reset-code": codeSent,
      "POST auth/confirm-password-reset-code": { body: { success: true } },
      "POST auth/set-new-password": { body: { success: true } },
      "POST auth/": { body: user },
    });
    const { events, router, queryClient } = await openReset();

    await submitEmail(events);
    expect(screen.getByText(/We sent a 6-digit code to mira@example\.com/)).toBeInTheDocument();

    await submitCode(events);
    await screen.findByLabelText("New password");

    await fill(events, screen.getByLabelText("New password"), "N3w-Secret!");
    await fill(events, screen.getByLabelText("Repeat new password"), "N3w-Secret!");
    await events.click(screen.getByRole("button", { name: "Save password" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Lootlane" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(await screen.findByText("Your password has been changed")).toBeInTheDocument();
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(user);
    // Home's catalogue requests aside.
    expect(
      api.calls.filter((call) => call.route.startsWith("POST auth/")).map((call) => [call.route, call.body]),
    ).toEqual([
      ["POST auth/password-reset-code", { email }],
      ["POST auth/confirm-password-reset-code", { email, code: "654321" }],
      ["POST auth/set-new-password", { email, code: "654321", new_password: "N3w-Secret!" }],
      ["POST auth/", undefined],
    ]);
  });

  it("shows each step's client rule next to its field", async () => {
    const api = stubApi({
      "POST auth/password-reset-code": codeSent,
      "POST auth/confirm-password-reset-code": { body: { success: true } },
    });
    const { events } = await openReset();

    await events.click(screen.getByRole("button", { name: "Send code" }));
    expect(screen.getByLabelText("E-mail")).toHaveAccessibleDescription("Enter your e-mail");

    await submitEmail(events);
    await events.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Enter the 6-digit code from the e-mail")).toBeInTheDocument();
    expect(api.bodiesOf("POST auth/confirm-password-reset-code")).toEqual([]);

    await submitCode(events);
    await fill(events, await screen.findByLabelText("New password"), "Ab1!");
    await fill(events, screen.getByLabelText("Repeat new password"), "Ab1!x");
    await events.click(screen.getByRole("button", { name: "Save password" }));

    expect(screen.getByLabelText("New password")).toHaveAccessibleDescription(
      /^The password must be at least 8 characters long/,
    );
    expect(screen.getByLabelText("Repeat new password")).toHaveAccessibleDescription("The passwords do not match");
    expect(api.bodiesOf("POST auth/set-new-password")).toEqual([]);
  });

  it("asks for sign-up's password rule and says so beside the field", async () => {
    const api = stubApi({
      "POST auth/password-reset-code": codeSent,
      "POST auth/confirm-password-reset-code": { body: { success: true } },
    });
    const { events } = await openReset();
    await submitEmail(events);
    await submitCode(events);
    const password = await screen.findByLabelText("New password");

    expect(password).toHaveAccessibleDescription(
      "The same rule as at sign-up: at least 8 characters, with an upper and a lower case letter, a digit and one of !@#$%^&*.",
    );
    // Long enough, but without one of the special characters sign-up demands.
    await fill(events, password, "Abcdefgh1");
    await fill(events, screen.getByLabelText("Repeat new password"), "Abcdefgh1");
    await events.click(screen.getByRole("button", { name: "Save password" }));

    expect(password).toHaveAccessibleDescription(/^The password does not meet all the requirements below/);
    expect(api.bodiesOf("POST auth/set-new-password")).toEqual([]);
  });

  it("says the password rule in Russian", async () => {
    stubApi({
      "POST auth/password-reset-code": codeSent,
      "POST auth/confirm-password-reset-code": { body: { success: true } },
    });
    await i18n.changeLanguage("ru");
    try {
      const { events } = renderApp("/password-reset", { user: null });
      await fill(events, await screen.findByLabelText("E-mail"), email);
      await events.click(screen.getByRole("button", { name: "Отправить код" }));
      const code = await screen.findByRole("group", { name: "Код подтверждения" });
      await events.click(within(code).getByRole("textbox", { name: "Цифра 1 из 6" }));
      await events.paste("654321");
      await events.click(screen.getByRole("button", { name: "Продолжить" }));

      expect(await screen.findByLabelText("Новый пароль")).toHaveAccessibleDescription(
        "То же правило, что при регистрации: не короче 8 символов, с заглавной и строчной буквами, цифрой и одним из символов !@#$%^&*.",
      );
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("shows and hides the new password", async () => {
    stubApi({
      "POST auth/password-reset-code": codeSent,
      "POST auth/confirm-password-reset-code": { body: { success: true } },
    });
    const { events } = await openReset();
    await submitEmail(events);
    await submitCode(events);
    const password = await screen.findByLabelText("New password");
    // One toggle per password field; the first belongs to the new password.
    const [toggle] = screen.getAllByRole("button", { name: "Show password" });

    expect(password).toHaveAttribute("type", "password");
    await events.click(toggle!);
    expect(password).toHaveAttribute("type", "text");
    expect(toggle).toHaveAttribute("aria-pressed", "true");
  });

  it("shows the server's refusal in a banner and stays on the step", async () => {
    stubApi({
      "POST auth/password-reset-code": codeSent,
      "POST auth/confirm-password-reset-code": refusal(400, "WRONG_VERIFICATION_CODE", "Wrong verification code"),
    });
    const { events } = await openReset();
    await submitEmail(events);

    await submitCode(events, "111111");

    expect(await screen.findByRole("alert")).toHaveTextContent("Wrong verification code");
    expect(screen.getByRole("group", { name: "Confirmation code" })).toBeInTheDocument();
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
  });

  it("shows a refused e-mail in the banner", async () => {
    stubApi({
      "POST auth/password-reset-code": refusal(429, "TOO_MANY_REQUESTS", "Too many attempts, try again in 30 s"),
    });
    const { events } = await openReset();

    await fill(events, screen.getByLabelText("E-mail"), email);
    await events.click(screen.getByRole("button", { name: "Send code" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts, try again in 30 s");
  });

  it("links back to sign-in", async () => {
    await openReset();

    expect(screen.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/signin");
  });
});
