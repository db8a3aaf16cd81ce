import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { refusal, stubApi } from "@/test/stub-api";

// Journeys through real, lazily loaded screens: on a busy machine they need more than the default 5 s.
const JOURNEY_TIMEOUT_MS = 20_000;

type Events = ReturnType<typeof renderApp>["events"];

const codeSent = { body: { success: true, resend_after: 60 } };
const account = { email: "mira@example.com", username: "mira_2025", password: "Secret123!" };

afterEach(() => {
  vi.useRealTimers();
});

async function openSignUp() {
  const app = renderApp("/signup", { user: null });
  await screen.findByRole("heading", { level: 1, name: "Sign up" });
  return app;
}

async function fillForm(events: Events, values: Partial<typeof account & { confirm: string }> = {}) {
  const { email, username, password, confirm } = {
    ...account,
    confirm: values.password ?? account.password,
    ...values,
  };
  if (email) await fill(events, screen.getByLabelText("E-mail"), email);
  if (username) await fill(events, screen.getByLabelText("Username"), username);
  if (password) await fill(events, screen.getByLabelText("Password", { exact: true }), password);
  if (confirm) await fill(events, screen.getByLabelText("Repeat password"), confirm);
}

async function reachCodeStep(events: Events) {
  await fillForm(events);
  await events.click(screen.getByRole("button", { name: "Continue" }));
  await screen.findByRole("group", { name: "Confirmation code" });
}

function codeBoxes(): HTMLInputElement[] {
  const group = screen.getByRole("group", { name: "Confirmation code" });
  return Array.from(
    { length: 6 },
    (_, index) => within(group).getByRole("textbox", { name: `Digit ${index + 1} of 6` }) as HTMLInputElement,
  );
}

describe("sign up, step 1: the form", { timeout: JOURNEY_TIMEOUT_MS }, () => {
  it("shows each client rule next to its field and sends nothing", async () => {
    const api = stubApi({});
    const { events } = await openSignUp();

    await events.click(screen.getByRole("button", { name: "Continue" }));

    expect(screen.getByLabelText("E-mail")).toHaveAccessibleDescription("Enter your e-mail");
    expect(screen.getByLabelText("Username")).toHaveAccessibleDescription(expect.stringContaining("Choose a username"));
    expect(screen.getByLabelText("Password", { exact: true })).toHaveAccessibleDescription("Enter your password");

    await fillForm(events, { email: "mira@", username: "ab", password: "weakpassword", confirm: "weakpassword!" });
    await events.click(screen.getByRole("button", { name: "Continue" }));

    expect(screen.getByLabelText("E-mail")).toHaveAccessibleDescription("Enter a valid e-mail, like name@example.com");
    expect(screen.getByLabelText("Username")).toHaveAccessibleDescription(
      expect.stringContaining("The username must be 3 to 16 characters long"),
    );
    expect(screen.getByLabelText("Password", { exact: true })).toHaveAccessibleDescription(
      "The password does not meet all the requirements below",
    );
    expect(screen.getByLabelText("Repeat password")).toHaveAccessibleDescription("The passwords do not match");
    expect(api.calls).toEqual([]);
  });

  it("rejects a username with characters other than English letters, digits and underscore", async () => {
    const { events } = await openSignUp();

    await fillForm(events, { username: "mira-dev" });
    await events.click(screen.getByRole("button", { name: "Continue" }));

    expect(screen.getByLabelText("Username")).toHaveAccessibleDescription(
      expect.stringContaining("Use only English letters, digits and underscores"),
    );
  });

  it("shows which password requirements are met while typing", async () => {
    const { events } = await openSignUp();
    const requirement = (name: string) => screen.getByText(name, { exact: false }).closest("li");

    await events.type(screen.getByLabelText("Password", { exact: true }), "abc1");

    expect(requirement("a lowercase letter")).toHaveTextContent("(done)");
    expect(requirement("a digit")).toHaveTextContent("(done)");
    expect(requirement("an uppercase letter")).toHaveTextContent("(not yet)");
    expect(requirement("at least 8 characters")).toHaveTextContent("(not yet)");
    expect(requirement("one of !@#$%^&*")).toHaveTextContent("(not yet)");
  });

  it("shows EMAIL_ALREADY_EXISTS on the e-mail field and USERNAME_ALREADY_EXISTS on the username", async () => {
    stubApi({
      "POST auth/send-verification-code": [
        refusal(409, "EMAIL_ALREADY_EXISTS", "Email exists"),
        refusal(409, "USERNAME_ALREADY_EXISTS", "Username exists"),
      ],
    });
    const { events } = await openSignUp();
    await fillForm(events);

    await events.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("This e-mail is already registered")).toBeInTheDocument();
    expect(screen.getByLabelText("E-mail")).toHaveAccessibleDescription("This e-mail is already registered");

    await events.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("This username is taken")).toBeInTheDocument();
    expect(screen.getByLabelText("Username")).toHaveAccessibleDescription(
      expect.stringContaining("This username is taken"),
    );
  });

  it("says the code could not be sent when sending fails", async () => {
    stubApi({ "POST auth/send-verification-code": refusal(502, "FAILED_TO_SEND_VERIFICATION_CODE", "Mail is down") });
    // The request layer logs 5xx answers (SPEC §8); that is not this test's subject.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { events } = await openSignUp();
    await fillForm(events);

    await events.click(screen.getByRole("button", { name: "Continue" }));

    const banner = await screen.findByRole("alert");
    expect(banner).toHaveTextContent("We could not send the confirmation code");
    expect(banner).toHaveTextContent("We could not send the code, please try again");
    expect(screen.queryByRole("group", { name: "Confirmation code" })).not.toBeInTheDocument();
  });
});

describe("sign up, step 2: the code", { timeout: JOURNEY_TIMEOUT_MS }, () => {
  it("sends the code for the e-mail and username, then registers with all four and goes home signed in", async () => {
    const user = makeUser({ username: "mira_2025" });
    const api = stubApi({
      "POST auth/send-verification-code": codeSent,
      "POST auth/confirm-verification-code": { body: user },
    });
    const { events, router, queryClient } = await openSignUp();

    await reachCodeStep(events);

    expect(screen.getByText(/We sent a 6-digit code to mira@example\.com/)).toBeInTheDocument();
    expect(api.bodiesOf("POST auth/send-verification-code")).toEqual([
      { email: account.email, username: account.username },
    ]);

    await events.click(codeBoxes()[0]!);
    await events.paste("123456");

    expect(codeBoxes().map((box) => box.value)).toEqual(["1", "2", "3", "4", "5", "6"]);

    await events.click(screen.getByRole("button", { name: "Confirm and sign up" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Lootlane" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(api.bodiesOf("POST auth/confirm-verification-code")).toEqual([{ ...account, email_code: "123456" }]);
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(user);
  });

  it("asks for all six digits, accepts digits only, and moves focus on and back", async () => {
    const api = stubApi({ "POST auth/send-verification-code": codeSent });
    const { events } = await openSignUp();
    await reachCodeStep(events);
    const boxes = codeBoxes();

    expect(boxes[0]).toHaveFocus();
    await events.keyboard("1a2");

    expect(boxes.map((box) => box.value)).toEqual(["1", "2", "", "", "", ""]);
    expect(boxes[2]).toHaveFocus();

    await events.keyboard("3");
    expect(boxes[3]).toHaveFocus();
    await events.keyboard("{Backspace}");
    expect(boxes[2]).toHaveFocus();
    await events.keyboard("{Backspace}");
    expect(boxes[2]).toHaveValue("");
    expect(boxes[1]).toHaveFocus();

    await events.click(screen.getByRole("button", { name: "Confirm and sign up" }));

    expect(screen.getByText("Enter all six digits of the code")).toBeInTheDocument();
    expect(boxes[0]).toHaveAccessibleDescription("Enter all six digits of the code");
    expect(api.bodiesOf("POST auth/confirm-verification-code")).toEqual([]);
  });

  it("shows a wrong code under the boxes", async () => {
    stubApi({
      "POST auth/send-verification-code": codeSent,
      "POST auth/confirm-verification-code": refusal(400, "WRONG_VERIFICATION_CODE", "Wrong code"),
    });
    const { events, router } = await openSignUp();
    await reachCodeStep(events);

    await events.click(codeBoxes()[0]!);
    await events.paste("000000");
    await events.click(screen.getByRole("button", { name: "Confirm and sign up" }));

    expect(await screen.findByText("Wrong verification code")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/signup");
  });

  it("goes back to the form with everything kept, and returns without sending a second code", async () => {
    const api = stubApi({ "POST auth/send-verification-code": codeSent });
    const { events } = await openSignUp();
    await reachCodeStep(events);

    await events.click(screen.getByRole("button", { name: "Change details" }));

    expect(screen.getByLabelText("E-mail")).toHaveValue(account.email);
    expect(screen.getByLabelText("Username")).toHaveValue(account.username);
    expect(screen.getByLabelText("Password", { exact: true })).toHaveValue(account.password);

    await events.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByRole("group", { name: "Confirmation code" })).toBeInTheDocument();
    expect(api.bodiesOf("POST auth/send-verification-code")).toHaveLength(1);
  });

  it("returns to the form when the e-mail was taken in the meantime", async () => {
    stubApi({
      "POST auth/send-verification-code": codeSent,
      "POST auth/confirm-verification-code": refusal(409, "EMAIL_ALREADY_EXISTS", "Email exists"),
    });
    const { events } = await openSignUp();
    await reachCodeStep(events);

    await events.click(codeBoxes()[0]!);
    await events.paste("123456");
    await events.click(screen.getByRole("button", { name: "Confirm and sign up" }));

    expect(await screen.findByLabelText("E-mail")).toHaveAccessibleDescription("This e-mail is already registered");
  });

  it("counts down resend_after before the code can be sent again, then restarts the count", async () => {
    // Only the countdown's clock is faked: the requests and the test's own waiting keep real timers.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const api = stubApi({
      "POST auth/send-verification-code": [codeSent, { body: { success: true, resend_after: 30 } }],
    });
    const { events } = await openSignUp();
    await reachCodeStep(events);
    const resend = screen.getByRole("button", { name: "Resend code" });

    expect(screen.getByText("You can ask for a new code in 60 s")).toBeInTheDocument();
    expect(resend).toBeDisabled();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText("You can ask for a new code in 59 s")).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(58_000));
    expect(screen.getByText("You can ask for a new code in 1 s")).toBeInTheDocument();
    expect(resend).toBeDisabled();

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText("Did not get the code?")).toBeInTheDocument();
    expect(resend).toBeEnabled();

    await events.click(resend);

    expect(await screen.findByText("You can ask for a new code in 30 s")).toBeInTheDocument();
    expect(api.bodiesOf("POST auth/send-verification-code")).toEqual([
      { email: account.email, username: account.username },
      { email: account.email, username: account.username },
    ]);
  });
});
