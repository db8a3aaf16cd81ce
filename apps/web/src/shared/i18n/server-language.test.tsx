import { cleanup, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LANGUAGE_STORAGE_KEY } from "@lootlane/contract";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { stubApi } from "@/test/stub-api";

// Journeys through real, lazily loaded screens: on a busy machine they need more than the default 5 s.
const JOURNEY_TIMEOUT_MS = 20_000;

const mira = makeUser({ username: "mira" });

/** A fresh page load at `path` for `user` (null: a guest), once its screen is on display. */
async function load(user: typeof mira | null, path = "/") {
  cleanup();
  const app = renderApp(path, { user });
  await screen.findByRole("heading", { level: 1 });
  return app;
}

describe("the user's language on the server", { timeout: JOURNEY_TIMEOUT_MS }, () => {
  it("is sent once for a signed-in user whose device chose a language, and not again on the next load", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "ru");
    const api = stubApi({ "PUT users/language": {} });

    await load(mira);
    await waitFor(() => expect(api.bodiesOf("PUT users/language")).toEqual([{ language: "ru" }]));

    await load(mira);
    expect(api.bodiesOf("PUT users/language")).toHaveLength(1);
  });

  it("is not sent when the device never chose one, nor for a guest", async () => {
    const api = stubApi({ "PUT users/language": {} });

    await load(mira);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "ru");
    await load(null);

    expect(api.bodiesOf("PUT users/language")).toEqual([]);
  });

  it("is sent again on signing in, when the device's choice is the user's latest", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "ru");
    const api = stubApi({ "PUT users/language": {}, "POST auth/login": { body: mira } });
    await load(mira);
    await waitFor(() => expect(api.bodiesOf("PUT users/language")).toHaveLength(1));

    const { events } = await load(null, "/signin");
    await fill(events, screen.getByLabelText("E-mail"), "mira@example.com");
    await fill(events, screen.getByLabelText("Password", { exact: true }), "Secret123!");
    await events.click(screen.getByRole("button", { name: /Sign in|Войти/ }));

    await waitFor(() => expect(api.bodiesOf("PUT users/language")).toEqual([{ language: "ru" }, { language: "ru" }]));
  });
});
