import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/shared/i18n/i18n";
import { makeUser, renderApp } from "@/test/render-app";
import { refusal, stubApi } from "@/test/stub-api";
import { FakePushBrowser, FakePushSubscription } from "../testing/fake-push-browser";
import { preferencesAnswer } from "../testing/notification-fixtures";

// Journeys through the real, lazily loaded settings screen: on a busy machine they need more than the default 5 s.
const JOURNEY_TIMEOUT_MS = 20_000;

/** A VAPID public key whose base64url form has both URL-safe letters ("-" and "_") in it. */
const KEY_BYTES = [4, 0xfb, 0xff, 0xbf, 0x3e, 0x10, 0x20, 0x30, 0x40];
const PUBLIC_KEY = Buffer.from(KEY_BYTES).toString("base64url");

async function openNotificationSettings() {
  const app = renderApp("/settings", { user: makeUser() });
  const section = await screen.findByRole("region", { name: "Notifications" });
  await within(section).findByRole("table");
  return { ...app, section };
}

describe("notification settings", { timeout: JOURNEY_TIMEOUT_MS }, () => {
  it("shows every event's channels as the server has them, and saves a switch when it is flipped", async () => {
    const api = stubApi({
      "GET notifications/preferences": { body: preferencesAnswer({ chat_message: { email: false } }) },
      "PUT notifications/preferences": {
        body: preferencesAnswer({ chat_message: { email: false }, sale: { push: false } }),
      },
    });
    const { events, section } = await openNotificationSettings();

    expect(within(section).getAllByRole("row")).toHaveLength(1 + 15);
    expect(within(section).getByRole("switch", { name: "Sales: In app" })).toBeChecked();
    expect(within(section).getByRole("switch", { name: "New chat messages: E-mail" })).not.toBeChecked();
    expect(within(section).getByRole("switch", { name: "Top-ups credited: E-mail" })).not.toBeChecked();

    await events.click(within(section).getByRole("switch", { name: "Sales: Push" }));

    await waitFor(() =>
      expect(api.bodiesOf("PUT notifications/preferences")).toEqual([
        { preferences: [{ event: "sale", in_app: true, email: true, push: false }] },
      ]),
    );
    expect(within(section).getByRole("switch", { name: "Sales: Push" })).not.toBeChecked();
    expect(within(section).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("puts a switch back and says why, in the user's language, when the change is refused", async () => {
    stubApi({
      "GET notifications/preferences": { body: preferencesAnswer() },
      "PUT notifications/preferences": refusal(500, "SERVER_ERROR", "Something went wrong on our side"),
    });
    await i18n.changeLanguage("ru");
    try {
      const { events } = renderApp("/settings", { user: makeUser() });
      const section = await screen.findByRole("region", { name: "Уведомления" });
      const sales = await within(section).findByRole("switch", { name: "Продажи: Почта" });

      await events.click(sales);

      const alert = await within(section).findByRole("alert");
      expect(alert).toHaveTextContent("Изменение не сохранено");
      expect(alert).toHaveTextContent("Что-то пошло не так на нашей стороне");
      expect(sales).toBeChecked();
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("says when this browser cannot take push notifications", async () => {
    stubApi({ "GET notifications/preferences": { body: preferencesAnswer() } });
    const { section } = await openNotificationSettings();

    expect(within(section).getByRole("switch", { name: /Push notifications in this browser/ })).toBeDisabled();
    expect(within(section).getByRole("note")).toHaveTextContent("This browser cannot receive push notifications.");
  });
});

describe("push notifications in this browser", { timeout: JOURNEY_TIMEOUT_MS }, () => {
  const browser = new FakePushBrowser();
  beforeEach(() => {
    browser.permission = "default";
    browser.answer = "granted";
    browser.subscription = null;
    browser.registered.length = 0;
    browser.install();
  });
  afterEach(() => browser.uninstall());

  const pushSwitch = (section: HTMLElement) =>
    within(section).getByRole("switch", { name: /Push notifications in this browser/ });

  it("asks permission, subscribes with the server's key and stores the subscription; off drops it on both sides", async () => {
    const api = stubApi({
      "GET notifications/preferences": { body: preferencesAnswer() },
      "GET notifications/push/key": { body: { public_key: PUBLIC_KEY } },
      "POST notifications/push/subscriptions": {},
      "DELETE notifications/push/subscriptions": {},
    });
    const { events, section } = await openNotificationSettings();
    await waitFor(() => expect(pushSwitch(section)).toBeEnabled());
    expect(pushSwitch(section)).not.toBeChecked();

    await events.click(pushSwitch(section));

    await waitFor(() => expect(pushSwitch(section)).toBeChecked());
    expect(browser.permission).toBe("granted");
    expect(browser.registered).toEqual(["/sw.js"]);
    expect([...(browser.subscription?.applicationServerKey ?? [])]).toEqual(KEY_BYTES);
    expect(api.bodiesOf("POST notifications/push/subscriptions")).toEqual([
      {
        endpoint: "https://push.example.test/send/1",
        keys: { p256dh: "BPublicKeyOfTheBrowser", auth: "authSecret16" },
      },
    ]);

    await events.click(pushSwitch(section));

    await waitFor(() => expect(pushSwitch(section)).not.toBeChecked());
    expect(api.bodiesOf("DELETE notifications/push/subscriptions")).toEqual([
      { endpoint: "https://push.example.test/send/1" },
    ]);
    expect(browser.subscription?.unsubscribed).toBe(true);
  });

  it("shows the switch on where this browser is subscribed already", async () => {
    browser.registered.push("/sw.js");
    browser.subscription = new FakePushSubscription(
      "https://push.example.test/send/earlier",
      new Uint8Array(KEY_BYTES),
    );
    stubApi({ "GET notifications/preferences": { body: preferencesAnswer() } });
    const { section } = await openNotificationSettings();

    await waitFor(() => expect(pushSwitch(section)).toBeChecked());
  });

  it("explains a refused permission and sends nothing", async () => {
    browser.answer = "denied";
    const api = stubApi({ "GET notifications/preferences": { body: preferencesAnswer() } });
    const { events, section } = await openNotificationSettings();
    await waitFor(() => expect(pushSwitch(section)).toBeEnabled());

    await events.click(pushSwitch(section));

    expect(await within(section).findByRole("note")).toHaveTextContent(
      "Notifications for this site are blocked in the browser.",
    );
    expect(pushSwitch(section)).toBeDisabled();
    // The page's other reads (the signed-in devices) aside.
    expect(api.calls.map((call) => call.route).filter((route) => route !== "GET auth/sessions")).toEqual([
      "GET notifications/preferences",
    ]);
  });

  it("drops the browser's subscription again when the server refuses it, and says why", async () => {
    stubApi({
      "GET notifications/preferences": { body: preferencesAnswer() },
      "GET notifications/push/key": { body: { public_key: PUBLIC_KEY } },
      "POST notifications/push/subscriptions": refusal(
        409,
        "PUSH_SUBSCRIPTION_LIMIT",
        "Push notifications are on in too many browsers; turn them off in one first",
      ),
    });
    const { events, section } = await openNotificationSettings();
    await waitFor(() => expect(pushSwitch(section)).toBeEnabled());

    await events.click(pushSwitch(section));

    expect(await within(section).findByRole("alert")).toHaveTextContent(
      "Push notifications are on in too many browsers; turn them off in one first",
    );
    expect(pushSwitch(section)).not.toBeChecked();
    expect(browser.subscription?.unsubscribed).toBe(true);
  });
});
