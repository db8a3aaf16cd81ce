import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/shared/i18n/i18n";
import { renderApp } from "@/test/render-app";
import { queriesOf, refusal, stubApi } from "@/test/stub-api";

// Journeys through real, lazily loaded screens: on a busy machine they need more than the default 5 s.
const JOURNEY_TIMEOUT_MS = 20_000;

afterEach(() => i18n.changeLanguage("en"));

describe("the unsubscribe page", { timeout: JOURNEY_TIMEOUT_MS }, () => {
  it("asks before stopping one event's e-mails, needs no sign-in, then says it is done", async () => {
    const api = stubApi({
      "GET notifications/unsubscribe": { body: { event: "chat_message", email: true } },
      "POST notifications/unsubscribe": { body: { event: "chat_message", email: false } },
    });
    const { events } = renderApp("/unsubscribe?token=signed.token", { user: null });

    expect(await screen.findByText("Stop e-mails about “New chat messages” to this address?")).toBeInTheDocument();
    expect(api.calls.map((call) => call.route)).toEqual(["GET notifications/unsubscribe"]);

    await events.click(screen.getByRole("button", { name: "Stop these e-mails" }));

    expect(await screen.findByText("Done: no more e-mails about “New chat messages”.")).toBeInTheDocument();
    expect(queriesOf("notifications/unsubscribe")).toEqual([{ token: "signed.token" }, { token: "signed.token" }]);
    expect(screen.getByRole("link", { name: "Notification settings" })).toHaveAttribute("href", "/settings");
  });

  it("says when the e-mails are off already", async () => {
    stubApi({ "GET notifications/unsubscribe": { body: { event: "sale", email: false } } });
    renderApp("/unsubscribe?token=t", { user: null });

    expect(await screen.findByText(/E-mails about “Sales” are already off/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Stop these e-mails" })).not.toBeInTheDocument();
  });

  it("shows the API's reason for a broken link in the user's language", async () => {
    await i18n.changeLanguage("ru");
    stubApi({
      "GET notifications/unsubscribe": refusal(
        400,
        "UNSUBSCRIBE_LINK_INVALID",
        "This unsubscribe link is not valid; change your e-mail settings in Settings",
      ),
    });
    renderApp("/unsubscribe?token=forged", { user: null });

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Ссылка не работает")).toBeInTheDocument();
    expect(alert).toHaveTextContent(
      "Эта ссылка для отписки недействительна; измените настройки писем в разделе «Настройки»",
    );
  });

  it("asks nothing for a link without its token", async () => {
    const api = stubApi({});
    renderApp("/unsubscribe", { user: null });

    expect(await screen.findByRole("alert")).toHaveTextContent("This unsubscribe link is not valid");
    expect(api.calls).toEqual([]);
  });
});
