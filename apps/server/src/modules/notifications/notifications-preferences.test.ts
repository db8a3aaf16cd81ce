import { NOTIFICATION_DEFAULTS, notificationEventNames } from "@lootlane/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.js";
import { createAuthTestApp, newAccount, signUp, type AuthTestApp } from "../../test/test-auth.js";
import { TestClient } from "../../test/test-client.js";
import { failure } from "../../test/test-money.js";
import { testPeople } from "../../test/test-people.js";

/*
 * What is sent where (Settings: each event × channel, over the contract's defaults), and the language the server
 * writes to a user in: the page's at sign-up, then the selector's.
 */

let t: AuthTestApp;
const { person } = testPeople("np", () => t);

beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(() => t.close());

const defaults = notificationEventNames.map((event) => ({ event, ...NOTIFICATION_DEFAULTS[event] }));

async function languageOf(email: string): Promise<string> {
  const [row] = await t.database.db.select({ language: users.language }).from(users).where(eq(users.email, email));
  return row!.language;
}

describe("notification preferences", () => {
  it("are the defaults until the user chooses, then their choices for the events they sent, and only theirs", async () => {
    const chooser = await person();
    const other = await person();
    expect((await chooser.client.get("/v1/notifications/preferences")).json()).toEqual({ preferences: defaults });

    const changes = [
      { event: "chat_message", in_app: true, email: false, push: true },
      { event: "top_up_credited", in_app: false, email: true, push: false },
    ];
    const saved = await chooser.client.request("PUT", "/v1/notifications/preferences", { preferences: changes });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = defaults.map(
      (preference) => changes.find((change) => change.event === preference.event) ?? preference,
    );
    expect(saved.json()).toEqual({ preferences: expected });
    expect((await chooser.client.get("/v1/notifications/preferences")).json()).toEqual({ preferences: expected });
    expect((await other.client.get("/v1/notifications/preferences")).json()).toEqual({ preferences: defaults });

    // Turning a channel back on is stored as well; the last switches of an event sent twice win.
    const again = await chooser.client.request("PUT", "/v1/notifications/preferences", {
      preferences: [
        { event: "chat_message", in_app: false, email: false, push: false },
        { event: "chat_message", in_app: true, email: true, push: true },
      ],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as { preferences: typeof defaults }).preferences).toContainEqual({
      event: "chat_message",
      in_app: true,
      email: true,
      push: true,
    });
  });

  it("refuse an event or a channel that does not exist, naming the field, and change nothing", async () => {
    const chooser = await person();
    for (const preference of [
      { event: "birthday", in_app: true, email: true, push: true },
      { event: "sale", in_app: "yes", email: true, push: true },
      { event: "sale", in_app: true, email: true },
    ]) {
      const response = await chooser.client.request("PUT", "/v1/notifications/preferences", {
        preferences: [preference],
      });
      expect(failure(response)).toEqual([422, "VALIDATION_ERROR"]);
      expect(response.json().detail.errors).toEqual([
        expect.objectContaining({ field: expect.stringMatching(/^preferences/) }),
      ]);
    }
    expect((await chooser.client.get("/v1/notifications/preferences")).json()).toEqual({ preferences: defaults });
  });

  it("ask a guest to sign in", async () => {
    const guest = new TestClient(t.app);
    expect(failure(await guest.get("/v1/notifications/preferences"))).toEqual([401, "TOKEN_NOT_FOUND"]);
    expect(failure(await guest.request("PUT", "/v1/notifications/preferences", { preferences: defaults }))).toEqual([
      401,
      "TOKEN_NOT_FOUND",
    ]);
  });
});

describe("the user's language", () => {
  it("is the page's language at sign-up", async () => {
    const russian = newAccount();
    await signUp(t, new TestClient(t.app, { locale: "ru-RU,ru;q=0.9" }), russian);
    expect(await languageOf(russian.email)).toBe("ru");
    const english = newAccount();
    await signUp(t, new TestClient(t.app), english);
    expect(await languageOf(english.email)).toBe("en");
  });

  it("follows the language selector, and refuses a language the app does not speak", async () => {
    const speaker = await person();
    const chosen = await speaker.client.request("PUT", "/v1/users/language", { language: "ru" });
    expect(chosen.statusCode, chosen.body).toBe(204);
    expect(chosen.body).toBe("");
    expect(await languageOf(speaker.user.email)).toBe("ru");

    expect(failure(await speaker.client.request("PUT", "/v1/users/language", { language: "de" }))).toEqual([
      422,
      "VALIDATION_ERROR",
    ]);
    expect(await languageOf(speaker.user.email)).toBe("ru");
    expect(failure(await new TestClient(t.app).request("PUT", "/v1/users/language", { language: "en" }))).toEqual([
      401,
      "TOKEN_NOT_FOUND",
    ]);
  });
});
