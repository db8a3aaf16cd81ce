import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { refusal, stubApi, type StubReply } from "@/test/stub-api";

// Journeys through real, lazily loaded screens: on a busy machine they need more than the default 5 s.
const JOURNEY_TIMEOUT_MS = 20_000;

const LAPTOP = "0b1d7f7e-5c6a-4b8e-9a51-2f3c4d5e6f01";
const PHONE = "0b1d7f7e-5c6a-4b8e-9a51-2f3c4d5e6f02";

const signIn = (id: string, current: boolean, values: object) => ({
  id,
  current,
  browser: null,
  os: null,
  place: null,
  last_active_at: "2026-11-20T10:00:00.000Z",
  signed_in_at: "2026-11-01T10:00:00.000Z",
  ...values,
});

const devices = {
  body: {
    sessions: [
      signIn(LAPTOP, true, { browser: "Firefox 128", os: "Windows 10", place: "local" }),
      signIn(PHONE, false, { browser: "Safari 17", os: "iOS 17.5", place: "US" }),
    ],
  },
};

function stubSettingsApi(routes: Record<string, StubReply | StubReply[]> = {}) {
  return stubApi({
    "GET notifications/preferences": { body: { preferences: [] } },
    "GET auth/sessions": devices,
    ...routes,
  });
}

async function openSettings() {
  const app = renderApp("/settings", { user: makeUser() });
  await screen.findByRole("heading", { level: 1, name: "Settings" });
  return app;
}

describe("account settings", { timeout: JOURNEY_TIMEOUT_MS }, () => {
  it("lists the signed-in devices and signs one of them out", async () => {
    const api = stubSettingsApi({
      [`DELETE auth/sessions/${PHONE}`]: { status: 204 },
    });
    const { events } = await openSettings();

    const list = await screen.findByRole("list", { name: "Signed-in devices" });
    const [laptop, phone] = within(list).getAllByRole("listitem");
    expect(laptop).toHaveTextContent("Firefox 128, Windows 10");
    expect(laptop).toHaveTextContent("This device");
    expect(laptop).toHaveTextContent("Local network");
    expect(within(laptop!).queryByRole("button")).not.toBeInTheDocument();
    expect(phone).toHaveTextContent("Safari 17, iOS 17.5");
    expect(phone).toHaveTextContent("United States");

    await events.click(within(phone!).getByRole("button", { name: "Sign out Safari 17, iOS 17.5" }));
    await waitFor(() => expect(api.calls.map((call) => call.route)).toContain(`DELETE auth/sessions/${PHONE}`));
    // The list is read again afterwards.
    await waitFor(() =>
      expect(api.calls.filter((call) => call.route === "GET auth/sessions").length).toBeGreaterThan(1),
    );
  });

  it("changes the e-mail in two steps: the code goes to the new address, then the code switches it", async () => {
    const api = stubSettingsApi({
      "POST auth/email-change-code": { body: { success: true, resend_after: 60 } },
      "POST auth/change-email": [refusal(400, "WRONG_VERIFICATION_CODE", "Wrong code"), { body: { success: true } }],
    });
    const { events } = await openSettings();
    const section = screen.getByRole("region", { name: "E-mail" });
    expect(section).toHaveTextContent("mira@example.com");

    await fill(events, within(section).getByLabelText("New e-mail"), "New@Example.com");
    await fill(events, within(section).getByLabelText("Password"), "My-pass1");
    await events.click(within(section).getByRole("button", { name: "Send code" }));
    expect(await within(section).findByText(/We sent a code to new@example.com/)).toBeInTheDocument();

    await fill(events, within(section).getByLabelText("Code from the e-mail"), "123456");
    await events.click(within(section).getByRole("button", { name: "Change e-mail" }));
    expect(await within(section).findByText("Wrong verification code")).toBeInTheDocument();
    await events.click(within(section).getByRole("button", { name: "Change e-mail" }));
    expect(await screen.findByText("Your e-mail is now new@example.com")).toBeInTheDocument();

    expect(api.bodiesOf("POST auth/email-change-code")).toEqual([
      { new_email: "new@example.com", password: "My-pass1" },
    ]);
    expect(api.bodiesOf("POST auth/change-email")).toEqual([
      { new_email: "new@example.com", code: "123456" },
      { new_email: "new@example.com", code: "123456" },
    ]);
  });

  it("shows a taken address on its field", async () => {
    stubSettingsApi({ "POST auth/email-change-code": refusal(409, "EMAIL_ALREADY_EXISTS", "Taken") });
    const { events } = await openSettings();
    const section = screen.getByRole("region", { name: "E-mail" });
    await fill(events, within(section).getByLabelText("New e-mail"), "taken@example.com");
    await fill(events, within(section).getByLabelText("Password"), "My-pass1");
    await events.click(within(section).getByRole("button", { name: "Send code" }));
    await waitFor(() =>
      expect(within(section).getByLabelText("New e-mail")).toHaveAccessibleDescription(
        "This e-mail is already registered",
      ),
    );
  });

  it("refuses to delete while deals are open, saying why, and asks for a code when two-factor is on", async () => {
    const api = stubSettingsApi({
      // A 401 that is not about the access token costs no refresh (shared/api): the form asks for the code at once.
      "POST auth/delete-account": [
        refusal(401, "TWO_FACTOR_REQUIRED", "Two-factor code required"),
        refusal(409, "ACCOUNT_HAS_OPEN_DEALS", "Open deals"),
      ],
    });
    const { events } = await openSettings();

    await events.click(screen.getByRole("button", { name: "Delete account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    await fill(events, within(dialog).getByLabelText("Password"), "My-pass1");
    await events.click(within(dialog).getByRole("button", { name: "Delete for good" }));

    const code = await within(dialog).findByLabelText("Authenticator or recovery code");
    await fill(events, code, "654321");
    await events.click(within(dialog).getByRole("button", { name: "Delete for good" }));
    expect(await within(dialog).findByText(/The account has deals that are not finished yet/)).toBeInTheDocument();
    expect(api.bodiesOf("POST auth/delete-account")).toEqual([
      { password: "My-pass1" },
      { password: "My-pass1", totp_code: "654321" },
    ]);
    expect(api.bodiesOf("POST auth/update-tokens")).toEqual([]);
  });

  it("deletes the account and leaves as a guest", async () => {
    const api = stubSettingsApi({ "POST auth/delete-account": { body: { success: true } } });
    const { events, router } = await openSettings();

    await events.click(screen.getByRole("button", { name: "Delete account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    await fill(events, within(dialog).getByLabelText("Password"), "My-pass1");
    await events.click(within(dialog).getByRole("button", { name: "Delete for good" }));

    // The home page is loaded lazily: on a busy machine that takes longer than findBy's default second.
    expect(await screen.findByRole("heading", { level: 1, name: "Lootlane" }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(api.bodiesOf("POST auth/delete-account")).toEqual([{ password: "My-pass1" }]);
  });
});
