import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/shared/i18n/i18n";
import { FakeRealtime } from "@/shared/realtime/testing/fake-realtime";
import { makeUser, renderApp } from "@/test/render-app";
import { stubApi } from "@/test/stub-api";
import { setViewportWidth } from "@/test/viewport";
import { EVENTS, makeNotification, page } from "../testing/notification-fixtures";

// Journeys through real, lazily loaded screens: on a busy machine they need more than the default 5 s.
const JOURNEY_TIMEOUT_MS = 20_000;

afterEach(() => i18n.changeLanguage("en"));

describe("notifications on a phone", { timeout: JOURNEY_TIMEOUT_MS }, () => {
  it("are a tab of the bottom bar with the unread count, leading to the list in the user's language", async () => {
    await i18n.changeLanguage("ru");
    setViewportWidth(375);
    stubApi({
      "GET notifications/unread-count": { body: { unread_count: 2 } },
      "GET notifications": {
        body: page([
          makeNotification(3, EVENTS.sale),
          makeNotification(2, EVENTS.chat_message, { count: 5 }),
          makeNotification(1, EVENTS.withdrawal_paid, { read: true }),
        ]),
      },
    });
    const realtime = new FakeRealtime();
    const { events } = renderApp("/", { user: makeUser(), realtime });
    const nav = await screen.findByRole("navigation", { name: "Основная навигация" });
    act(() => realtime.goOnline());

    const tab = await within(nav).findByRole("link", { name: /^Уведомления\s?, 2 непрочитанных$/ });
    expect(tab).toHaveAttribute("href", "/notifications");
    expect(within(screen.getByRole("banner")).queryByRole("button", { name: /^Уведомления/ })).not.toBeInTheDocument();
    await events.click(tab);

    expect(await screen.findByRole("heading", { level: 1, name: "Уведомления" })).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Уведомления" });
    const items = within(list).getAllByRole("link");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Продажа: «Dota 2 account»",
      "5 новых сообщений от alex",
      "Вывод выплачен",
    ]);
    expect(items[1]).toHaveAccessibleName(/«Dota 2 account»: Is it still for sale\?/);
    expect(items[2]).toHaveAccessibleName(/12\s000,00\s₽ отправлено вам\./);
    expect(within(nav).getByRole("link", { name: /^Уведомления/ })).toHaveAttribute("aria-current", "page");
  });

  it("says so when there are none yet", async () => {
    stubApi({ "GET notifications": { body: page([]) } });
    renderApp("/notifications", { user: makeUser() });

    expect(await screen.findByText(/Nothing here yet/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Mark all read" })).toBeDisabled());
  });
});
