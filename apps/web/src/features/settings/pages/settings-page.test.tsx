import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { refusal, stubApi, type StubReply } from "@/test/stub-api";

// Journeys through real, lazily loaded screens: on a busy machine they need more than the default 5 s.
const JOURNEY_TIMEOUT_MS = 20_000;

type Events = ReturnType<typeof renderApp>["events"];

// The page a sign-out lands on is loaded lazily: on a busy machine that takes longer than findBy's default second.
const LAZY_PAGE = { timeout: 10_000 };

const PAGE_READS = ["GET notifications/preferences", "GET auth/sessions"];

/**
 * The API with what the page always loads, here without rows: the notification switches (45 of them only slow
 * every query of the page down) and the signed-in devices. `calls` leaves those reads out.
 */
function stubSettingsApi(routes: Record<string, StubReply> = {}) {
  const api = stubApi({
    "GET notifications/preferences": { body: { preferences: [] } },
    "GET auth/sessions": { body: { sessions: [] } },
    ...routes,
  });
  return {
    ...api,
    get calls() {
      return api.calls.filter((call) => !PAGE_READS.includes(call.route));
    },
  };
}

async function openSettings() {
  const app = renderApp("/settings", { user: makeUser() });
  await screen.findByRole("heading", { level: 1, name: "Settings" });
  return app;
}

async function changePassword(events: Events, current: string, next: string, repeat = next) {
  const section = screen.getByRole("region", { name: "Change password" });
  if (current) await fill(events, within(section).getByLabelText("Current password"), current);
  if (next) await fill(events, within(section).getByLabelText("New password"), next);
  if (repeat) await fill(events, within(section).getByLabelText("Repeat new password"), repeat);
  await events.click(within(section).getByRole("button", { name: "Change password" }));
}

describe("settings", { timeout: JOURNEY_TIMEOUT_MS }, () => {
  it("offers the language selector", async () => {
    await openSettings();

    const section = screen.getByRole("region", { name: "Language" });
    expect(within(section).getByRole("combobox", { name: "Language" })).toHaveValue("en");
  });

  it("checks the password fields before sending", async () => {
    const api = stubSettingsApi();
    const { events } = await openSettings();

    await changePassword(events, "", "");
    expect(screen.getByLabelText("Current password")).toHaveAccessibleDescription("Enter your current password");
    expect(screen.getByLabelText("New password")).toHaveAccessibleDescription("Enter a new password");

    await changePassword(events, "Old-pass1", "weakpassword", "weakpassword2");
    expect(screen.getByLabelText("New password")).toHaveAccessibleDescription(
      "The new password does not meet all the requirements below",
    );
    expect(screen.getByLabelText("Repeat new password")).toHaveAccessibleDescription("The passwords do not match");
    expect(api.calls).toEqual([]);
  });

  it("changes the password, says so and clears the form", async () => {
    const api = stubSettingsApi({ "POST users/password": { body: { success: true } } });
    const { events } = await openSettings();

    await changePassword(events, "Old-pass1", "N3w-Secret!");

    expect(await screen.findByText("Your password has been changed")).toBeInTheDocument();
    expect(api.bodiesOf("POST users/password")).toEqual([
      { current_password: "Old-pass1", new_password: "N3w-Secret!" },
    ]);
    expect(screen.getByLabelText("Current password")).toHaveValue("");
    expect(screen.getByLabelText("New password")).toHaveValue("");
  });

  it("shows a wrong current password on its field, translated", async () => {
    stubSettingsApi({ "POST users/password": refusal(400, "WRONG_PASSWORD", "Wrong password") });
    const { events } = await openSettings();

    await changePassword(events, "Not-my-pass1", "N3w-Secret!");

    expect(await screen.findByText("The current password is wrong")).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveAccessibleDescription("The current password is wrong");
  });

  it("signs out of all devices after confirming, and lands on sign-in as a guest", async () => {
    const api = stubSettingsApi({ "POST auth/logout-all": { body: { success: true } } });
    const { events, router, queryClient } = await openSettings();

    await events.click(screen.getByRole("button", { name: "Sign out of all devices" }));
    const dialog = await screen.findByRole("dialog", { name: "Sign out of all devices?" });
    expect(api.calls).toEqual([]);
    await events.click(within(dialog).getByRole("button", { name: "Sign out everywhere" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" }, LAZY_PAGE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/signin");
    expect(api.calls.map((call) => call.route)).toEqual(["POST auth/logout-all"]);
    await waitFor(() => expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull());
    const nav = screen.getByRole("navigation", { name: "Main navigation" });
    expect(within(nav).getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/signin");
  });

  it("does nothing when signing out everywhere is cancelled", async () => {
    const api = stubSettingsApi();
    const { events, router } = await openSettings();

    await events.click(screen.getByRole("button", { name: "Sign out of all devices" }));
    await events.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/settings");
    expect(api.calls).toEqual([]);
  });

  it("signs out of this device and goes home", async () => {
    const api = stubSettingsApi({ "POST auth/logout": { body: { success: true } } });
    const { events, router, queryClient } = await openSettings();

    await events.click(screen.getByRole("button", { name: "Sign out" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Lootlane" }, LAZY_PAGE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    // Home's catalogue requests aside.
    expect(api.calls.map((call) => call.route).filter((route) => route.startsWith("POST auth/"))).toEqual([
      "POST auth/logout",
    ]);
    await waitFor(() => expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull());
  });
});
