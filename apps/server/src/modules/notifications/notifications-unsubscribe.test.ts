import { randomUUID } from "node:crypto";
import { errorText, type NotificationEventName } from "@lootlane/contract";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../db/schema/users.js";
import { createAuthTestApp, type AuthTestApp } from "../../test/test-auth.js";
import {
  APP_URL,
  createRecipient,
  eventOf,
  notifyNow,
  onlyMailTo,
  runDueJobs,
  unsubscribeTokenOf,
} from "../../test/test-notification-mail.js";
import { readPreferences } from "./notifications-preferences.service.js";
import { unsubscribeKeyFor, unsubscribeToken } from "./notifications-unsubscribe.service.js";

/*
 * One-click unsubscribe (RFC 8058) from the recipient's side: the header fields a mail provider reads, the link
 * the web page opens, and what each does to the e-mails that come after. No call here is signed in.
 */

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ publicUrl: APP_URL });
});
afterAll(() => t?.close());

const url = (token: string) => `/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

/** The event is announced and its e-mail sent; answers every mail the user has now. */
async function announce(user: User, event: NotificationEventName) {
  await notifyNow(t, user.id, eventOf(event, `Listing of ${event}`));
  await runDueJobs(t);
  return t.mail.mailsTo(user.email);
}

const read = (token: string) => t.app.inject({ method: "GET", url: url(token) });

/** What a mail provider sends on the user's click: the form body, from its own servers, with no cookie. */
const oneClick = (token: string) =>
  t.app.inject({
    method: "POST",
    url: url(token),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" },
    payload: "List-Unsubscribe=One-Click",
  });

/** What the web app's /unsubscribe page sends when the user confirms. */
const fromPage = (token: string) =>
  t.app.inject({
    method: "POST",
    url: url(token),
    headers: { "content-type": "application/json", origin: APP_URL },
    payload: "{}",
  });

function expectInvalid(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({
    detail: { error_code: "UNSUBSCRIBE_LINK_INVALID", error_message: errorText("UNSUBSCRIBE_LINK_INVALID", "en") },
  });
}

describe("the e-mail's unsubscribe fields", () => {
  it("name the API's one-click address in List-Unsubscribe with List-Unsubscribe-Post, and link the web page with the same token", async () => {
    const user = await createRecipient(t, { language: "en" });
    await announce(user, "sale");
    const mail = onlyMailTo(t, user);
    expect(mail.headers["list-unsubscribe"]).toMatch(
      new RegExp(`^<${APP_URL}/v1/notifications/unsubscribe\\?token=[\\w.-]+>$`),
    );
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const token = unsubscribeTokenOf(mail!);
    expect(mail.text).toContain(`${APP_URL}/unsubscribe?token=${token}`);
    expect(mail.html).toContain(`href="${APP_URL}/unsubscribe?token=${token}"`);
  });

  it("differ by recipient and by event", async () => {
    const [first, second] = [
      await createRecipient(t, { language: "en" }),
      await createRecipient(t, { language: "ru" }),
    ];
    const tokens = [
      unsubscribeTokenOf((await announce(first, "sale"))[0]!),
      unsubscribeTokenOf((await announce(first, "review_received"))[1]!),
      unsubscribeTokenOf((await announce(second, "sale"))[0]!),
    ];
    expect(new Set(tokens).size).toBe(3);
  });
});

describe("GET /v1/notifications/unsubscribe", () => {
  it("answers the link's event with its e-mails on, and changes nothing", async () => {
    const user = await createRecipient(t, { language: "en" });
    const token = unsubscribeTokenOf((await announce(user, "sale"))[0]!);
    const response = await read(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ event: "sale", email: true });
    expect(await announce(user, "sale")).toHaveLength(2);
  });
});

describe("POST /v1/notifications/unsubscribe", () => {
  it("takes a mail provider's one-click form from another origin: that event's e-mails stop, the others and its other channels stay", async () => {
    const user = await createRecipient(t, { language: "ru" });
    const token = unsubscribeTokenOf((await announce(user, "sale"))[0]!);

    const response = await oneClick(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ event: "sale", email: false });
    expect((await read(token)).json()).toEqual({ event: "sale", email: false });
    expect((await readPreferences(t.database.db, user.id)).find((p) => p.event === "sale")).toEqual({
      event: "sale",
      in_app: true,
      email: false,
      push: true,
    });

    expect(await announce(user, "sale")).toHaveLength(1);
    const after = await announce(user, "review_received");
    expect(after.map((mail) => mail.subject)).toEqual(["Продажа: «Listing of sale»", "Новый отзыв: ★★★★"]);
  });

  it("takes the web page's JSON, and a second click changes nothing more", async () => {
    const user = await createRecipient(t, { language: "en" });
    const token = unsubscribeTokenOf((await announce(user, "withdrawal_paid"))[0]!);
    for (let click = 0; click < 2; click++) {
      const response = await fromPage(token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ event: "withdrawal_paid", email: false });
    }
    expect(await announce(user, "withdrawal_paid")).toHaveLength(1);
  });

  it("takes a body-less POST too", async () => {
    const user = await createRecipient(t, { language: "en" });
    const token = unsubscribeTokenOf((await announce(user, "dispute_opened"))[0]!);
    const response = await t.app.inject({ method: "POST", url: url(token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(await announce(user, "dispute_opened")).toHaveLength(1);
  });
});

describe("a link the app did not make for that user and event", () => {
  it("is refused by GET and POST with 400 UNSUBSCRIBE_LINK_INVALID, and nobody's e-mails change", async () => {
    const user = await createRecipient(t, { language: "en" });
    const other = await createRecipient(t, { language: "en" });
    const token = unsubscribeTokenOf((await announce(user, "sale"))[0]!);
    const [userId, , signature] = token.split(".") as [string, string, string];
    const swap = (char: string) => (char === "A" ? "B" : "A");
    const forged = [
      "not-a-token",
      `${userId}.sale.${swap(signature[0]!)}${signature.slice(1)}`,
      // The last character's spare bits: another spelling of the same bytes, which is still not the link.
      `${userId}.sale.${signature.slice(0, -1)}${swap(signature.at(-1)!)}`,
      // The user's own signature over another user or another event.
      `${other.id}.sale.${signature}`,
      `${userId}.review_received.${signature}`,
      // Right shape, wrong key: made with another server's secret.
      unsubscribeToken(unsubscribeKeyFor("another server's JWT secret, 32+ chars"), other.id, "sale"),
      // Right key, but for a user that does not exist.
      unsubscribeToken(unsubscribeKeyFor(t.config.jwtSecret), randomUUID(), "sale"),
    ];
    for (const token of forged) {
      expectInvalid(await read(token));
      expectInvalid(await oneClick(token));
    }
    expect(await announce(user, "sale")).toHaveLength(2);
    expect(await announce(other, "sale")).toHaveLength(1);
    expect(await announce(user, "review_received")).toHaveLength(3);
  });

  it("without a token is a validation error", async () => {
    const response = await t.app.inject({ method: "GET", url: "/v1/notifications/unsubscribe" });
    expect(response.statusCode).toBe(422);
  });
});

describe("other routes", () => {
  it("still refuse a form body (the origin check lets it through only to signed links)", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/auth/logout",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().detail.error_code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });
});
