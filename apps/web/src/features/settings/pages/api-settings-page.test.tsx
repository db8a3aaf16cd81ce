import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/shared/i18n/i18n";
import { fill } from "@/test/fill";
import { makeUser, renderApp } from "@/test/render-app";
import { refusal, stubApi, type StubReply } from "@/test/stub-api";

// Journeys through real, lazily loaded screens: on a busy machine they need more than the default 5 s.
const JOURNEY_TIMEOUT_MS = 20_000;

const TOKEN_ID = "6f1d7f7e-5c6a-4b8e-9a51-2f3c4d5e6f01";
const WEBHOOK_ID = "6f1d7f7e-5c6a-4b8e-9a51-2f3c4d5e6f02";
const DELIVERY_ID = "6f1d7f7e-5c6a-4b8e-9a51-2f3c4d5e6f03";
const NEW_TOKEN = "llp_vK3qJ0c2lM9xTqYwH1aP0sZr8nB5eD7fG6hJ4kL2mN0";
const NEW_SECRET = "whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cw==";

const bot = {
  id: TOKEN_ID,
  name: "Delivery bot",
  scopes: ["deals:write", "chats:read"],
  prefix: "llp_vK3qJ0",
  created_at: "2026-11-20T10:00:00.000Z",
  expires_at: "2099-02-18T10:00:00.000Z",
  last_used_at: null,
};
const endpoint = {
  id: WEBHOOK_ID,
  url: "https://bot.example.com/lootlane",
  events: ["order.created", "message.created"],
  created_at: "2026-11-20T10:00:00.000Z",
};
const delivery = {
  id: DELIVERY_ID,
  event: "order.created",
  status: "pending",
  payload: "{}",
  attempts: [
    { at: "2026-11-20T10:01:00.000Z", status_code: 500, response: "database down", error: null, duration_ms: 42 },
    {
      at: "2026-11-20T10:02:00.000Z",
      status_code: null,
      response: null,
      error: "connect ECONNREFUSED",
      duration_ms: 3,
    },
  ],
  next_attempt_at: "2026-11-20T10:03:00.000Z",
  created_at: "2026-11-20T10:01:00.000Z",
};

const delivered = {
  ...delivery,
  status: "succeeded",
  attempts: [
    ...delivery.attempts,
    { at: "2026-11-20T10:05:00.000Z", status_code: 200, response: "ok", error: null, duration_ms: 15 },
  ],
  next_attempt_at: null,
};

function stubApiSettings(routes: Record<string, StubReply | StubReply[]> = {}) {
  return stubApi({ "GET tokens": { body: { tokens: [] } }, "GET webhooks": { body: { webhooks: [] } }, ...routes });
}

async function openApiSettings() {
  const app = renderApp("/settings/api", { user: makeUser() });
  await screen.findByRole("heading", { level: 1, name: "API for your programs" });
  return app;
}

const region = (name: string) => screen.getByRole("region", { name });

describe("Settings → API", { timeout: JOURNEY_TIMEOUT_MS }, () => {
  it("creates a token with the chosen scopes and expiry and shows it once", async () => {
    const api = stubApiSettings({
      "POST tokens": { body: { id: TOKEN_ID, token: NEW_TOKEN } },
      "GET tokens": [{ body: { tokens: [] } }, { body: { tokens: [bot] } }],
    });
    const { events } = await openApiSettings();
    const tokens = region("Personal access tokens");
    expect(await within(tokens).findByText("No tokens yet.")).toBeInTheDocument();

    await fill(events, within(tokens).getByLabelText("Name"), "Delivery bot");
    await events.click(within(tokens).getByRole("checkbox", { name: /chats:read/ }));
    await events.click(within(tokens).getByRole("checkbox", { name: /deals:write/ }));
    await events.click(within(tokens).getByRole("combobox", { name: "Expires in" }));
    await events.click(await screen.findByRole("option", { name: "365 days" }));
    await events.click(within(tokens).getByRole("button", { name: "Create token" }));

    const dialog = await screen.findByRole("dialog", { name: "Your new token" });
    expect(within(dialog).getByText(NEW_TOKEN)).toBeInTheDocument();
    expect(dialog).toHaveTextContent("you will not see it again");
    expect(api.bodiesOf("POST tokens")).toEqual([
      // In the catalogue's order, whatever order they were ticked in.
      { name: "Delivery bot", scopes: ["deals:write", "chats:read"], expires_in_days: 365 },
    ]);
    await events.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByText(NEW_TOKEN)).not.toBeInTheDocument());

    const row = await within(tokens).findByRole("listitem");
    expect(row).toHaveTextContent("Delivery bot");
    expect(row).toHaveTextContent("last used never");
    expect(row).not.toHaveTextContent(NEW_TOKEN);
  });

  it("revokes a token after asking", async () => {
    const api = stubApiSettings({
      "GET tokens": [{ body: { tokens: [bot] } }, { body: { tokens: [] } }],
      [`DELETE tokens/${TOKEN_ID}`]: { status: 204 },
    });
    const { events } = await openApiSettings();
    const tokens = region("Personal access tokens");
    await events.click(await within(tokens).findByRole("button", { name: "Revoke the token Delivery bot" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke “Delivery bot”?" });
    await events.click(within(dialog).getByRole("button", { name: "Revoke" }));
    expect(await within(tokens).findByText("No tokens yet.")).toBeInTheDocument();
    expect(api.calls.map((call) => call.route)).toContain(`DELETE tokens/${TOKEN_ID}`);
  });

  it("shows the server's refusal beside its field", async () => {
    stubApiSettings({
      "POST tokens": refusal(422, "VALIDATION_ERROR", "Invalid", [{ field: "name", message: "At most 60 characters" }]),
    });
    const { events } = await openApiSettings();
    const tokens = region("Personal access tokens");
    await events.click(within(tokens).getByRole("button", { name: "Create token" }));
    expect(within(tokens).getByLabelText("Name")).toHaveAccessibleDescription("Enter a name");
    expect(await within(tokens).findByText("Choose at least one scope")).toBeInTheDocument();

    await fill(events, within(tokens).getByLabelText("Name"), "Bot");
    await events.click(within(tokens).getByRole("checkbox", { name: /wallet:read/ }));
    await events.click(within(tokens).getByRole("button", { name: "Create token" }));
    await waitFor(() =>
      expect(within(tokens).getByLabelText("Name")).toHaveAccessibleDescription("At most 60 characters"),
    );
  });

  it("adds a webhook, shows its secret once, and lists its deliveries with Resend", async () => {
    const api = stubApiSettings({
      "POST webhooks": { body: { id: WEBHOOK_ID, secret: NEW_SECRET } },
      "GET webhooks": [{ body: { webhooks: [] } }, { body: { webhooks: [endpoint] } }],
      [`GET webhooks/${WEBHOOK_ID}/deliveries`]: [
        { body: { deliveries: [delivery] } },
        { body: { deliveries: [delivered] } },
      ],
      [`POST webhooks/${WEBHOOK_ID}/deliveries/${DELIVERY_ID}/resend`]: { body: delivered },
    });
    const { events } = await openApiSettings();
    const webhooks = region("Webhooks");
    await fill(events, within(webhooks).getByLabelText("Address (https)"), "https://bot.example.com/lootlane");
    await events.click(within(webhooks).getByRole("checkbox", { name: /message\.created/ }));
    await events.click(within(webhooks).getByRole("checkbox", { name: /order\.created/ }));
    await events.click(within(webhooks).getByRole("button", { name: "Add webhook" }));
    const dialog = await screen.findByRole("dialog", { name: "Your signing secret" });
    expect(within(dialog).getByText(NEW_SECRET)).toBeInTheDocument();
    expect(dialog).toHaveTextContent("you will not see it again");
    expect(api.bodiesOf("POST webhooks")).toEqual([
      { url: "https://bot.example.com/lootlane", events: ["order.created", "message.created"] },
    ]);
    await events.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByText(NEW_SECRET)).not.toBeInTheDocument());

    const row = await within(webhooks).findByRole("listitem");
    expect(row).toHaveTextContent("https://bot.example.com/lootlane");
    expect(row).not.toHaveTextContent(NEW_SECRET);
    await events.click(within(row).getByRole("button", { name: "Deliveries" }));
    const deliveries = await within(row).findByRole("list", { name: "Deliveries" });
    expect(deliveries).toHaveTextContent("Retrying");
    expect(deliveries).toHaveTextContent("answered 500 in 42 ms — database down");
    expect(deliveries).toHaveTextContent("no answer (connect ECONNREFUSED)");
    expect(deliveries).toHaveTextContent("Next try");
    await events.click(within(deliveries).getByRole("button", { name: "Resend" }));
    // The list is read again and shows the try the resend made.
    expect(await within(deliveries).findByText("Delivered")).toBeInTheDocument();
    expect(deliveries).toHaveTextContent("answered 200 in 15 ms — ok");
    expect(deliveries).not.toHaveTextContent("Next try");
    expect(api.calls.map((call) => call.route)).toContain(
      `POST webhooks/${WEBHOOK_ID}/deliveries/${DELIVERY_ID}/resend`,
    );
  });

  it("shows the checks and the server's refusal beside their fields, in Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      // The server answers in the language the app sends as Accept-Language.
      const api = stubApiSettings({
        "POST tokens": refusal(422, "VALIDATION_ERROR", "Неверные данные", [
          { field: "scopes", message: "Неизвестное право" },
        ]),
      });
      const app = renderApp("/settings/api", { user: makeUser() });
      await screen.findByRole("heading", { level: 1, name: "API для ваших программ" });
      const tokens = region("Персональные токены");
      await app.events.click(within(tokens).getByRole("button", { name: "Создать токен" }));
      expect(within(tokens).getByLabelText("Название")).toHaveAccessibleDescription("Введите название");
      expect(await within(tokens).findByText("Выберите хотя бы одно право")).toBeInTheDocument();

      await fill(app.events, within(tokens).getByLabelText("Название"), "Бот");
      await app.events.click(within(tokens).getByRole("checkbox", { name: /products:read/ }));
      await app.events.click(within(tokens).getByRole("combobox", { name: "Срок действия" }));
      await app.events.click(await screen.findByRole("option", { name: "30 дней" }));
      await app.events.click(within(tokens).getByRole("button", { name: "Создать токен" }));
      const scopes = within(tokens).getByRole("group", { name: "Права" });
      await waitFor(() => expect(scopes).toHaveAccessibleDescription("Неизвестное право"));
      expect(within(tokens).queryByRole("alert")).not.toBeInTheDocument();
      expect(api.bodiesOf("POST tokens")).toEqual([{ name: "Бот", scopes: ["products:read"], expires_in_days: 30 }]);
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("shows a refused address beside the field, in Russian", async () => {
    await i18n.changeLanguage("ru");
    try {
      stubApiSettings({
        "POST webhooks": refusal(400, "WEBHOOK_URL_NOT_ALLOWED", "Webhooks go only to a public https:// address"),
      });
      const app = renderApp("/settings/api", { user: makeUser() });
      await screen.findByRole("heading", { level: 1, name: "API для ваших программ" });
      const webhooks = region("Вебхуки");
      await fill(app.events, within(webhooks).getByLabelText("Адрес (https)"), "https://10.0.0.1/hooks");
      await app.events.click(within(webhooks).getByRole("checkbox", { name: /stock\.low/ }));
      await app.events.click(within(webhooks).getByRole("button", { name: "Добавить вебхук" }));
      await waitFor(() =>
        expect(within(webhooks).getByLabelText("Адрес (https)")).toHaveAccessibleDescription(
          "Вебхуки отправляются только на публичный адрес https://",
        ),
      );
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
