import { createECDH, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushSubscriptions } from "../../db/schema/notifications.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { TestClient } from "../../test/test-client.js";
import { testPeople } from "../../test/test-people.js";
import { PUSH_SUBSCRIPTIONS_MAX } from "./notifications-push.service.js";

let t: TestApp;
const people = testPeople("push", () => t);
const SUBSCRIPTIONS = "/v1/notifications/push/subscriptions";

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let endpoints = 0;

/** What a browser's `PushSubscription.toJSON()` gives: its endpoint, expiry and keys. */
function browserSubscription(endpoint = `http://127.0.0.1:9/push/${++endpoints}`) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

function subscribe(client: TestClient, subscription: object): Promise<LightMyRequestResponse> {
  return client.post(SUBSCRIPTIONS, subscription);
}

async function endpointsOf(userId: string): Promise<string[]> {
  const rows = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return rows.map((row) => row.endpoint).sort();
}

function fieldsOf(response: LightMyRequestResponse): string[] {
  return (response.json() as { detail: { errors: Array<{ field: string }> } }).detail.errors.map((e) => e.field);
}

describe("web push subscriptions", () => {
  it("gives anyone the VAPID public key a browser subscribes with", async () => {
    const response = await new TestClient(t.app).get("/v1/notifications/push/key");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ public_key: t.config.vapid.publicKey });
  });

  it("keeps a signed-in user's browser, refreshes its keys when it subscribes again, and forgets it on request", async () => {
    const { user, client } = await people.person();
    const first = browserSubscription();
    const response = await subscribe(client, first);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const renewed = { ...browserSubscription(first.endpoint) };
    expect((await subscribe(client, renewed)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows.map((row) => [row.endpoint, row.p256dh, row.auth])).toEqual([
      [first.endpoint, renewed.keys.p256dh, renewed.keys.auth],
    ]);

    const removed = await client.request("DELETE", SUBSCRIPTIONS, { endpoint: first.endpoint });
    expect([removed.statusCode, removed.json()]).toEqual([200, { success: true }]);
    expect(await endpointsOf(user.id)).toEqual([]);
    expect((await client.request("DELETE", SUBSCRIPTIONS, { endpoint: first.endpoint })).statusCode).toBe(200);
  });

  it("moves a browser's endpoint to whoever subscribes with it last, and lets no one remove another's", async () => {
    const [alice, bob] = [await people.person(), await people.person()];
    const browser = browserSubscription();
    expect((await subscribe(alice.client, browser)).statusCode).toBe(200);
    const bobsOwn = browserSubscription();
    expect((await subscribe(bob.client, bobsOwn)).statusCode).toBe(200);

    expect((await alice.client.request("DELETE", SUBSCRIPTIONS, { endpoint: bobsOwn.endpoint })).statusCode).toBe(200);
    expect(await endpointsOf(bob.user.id)).toEqual([bobsOwn.endpoint]);

    expect((await subscribe(bob.client, browserSubscription(browser.endpoint))).statusCode).toBe(200);
    expect(await endpointsOf(alice.user.id)).toEqual([]);
    expect(await endpointsOf(bob.user.id)).toEqual([browser.endpoint, bobsOwn.endpoint].sort());
  });

  it(`refuses an eleventh browser with PUSH_SUBSCRIPTION_LIMIT, but not a browser already counted`, async () => {
    const { user, client } = await people.person();
    const kept = Array.from({ length: PUSH_SUBSCRIPTIONS_MAX }, () => browserSubscription());
    for (const subscription of kept) expect((await subscribe(client, subscription)).statusCode).toBe(200);
    const refused = await subscribe(client, browserSubscription());
    expect([refused.statusCode, refused.json().detail.error_code]).toEqual([409, "PUSH_SUBSCRIPTION_LIMIT"]);
    expect((await subscribe(client, browserSubscription(kept[0]!.endpoint))).statusCode).toBe(200);
    expect(await endpointsOf(user.id)).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
  });

  it("refuses endpoints the server must not call and keys it cannot encrypt for, naming the field (422)", async () => {
    const { user, client } = await people.person();
    const good = browserSubscription();
    const cases: Array<[object, string]> = [
      [{ ...good, endpoint: "http://push.example/abc" }, "endpoint"],
      [{ ...good, endpoint: "http://10.0.0.7/abc" }, "endpoint"],
      [{ ...good, endpoint: "ftp://push.example/abc" }, "endpoint"],
      [{ ...good, endpoint: "https://user:secret@push.example/abc" }, "endpoint"],
      [{ ...good, keys: { ...good.keys, auth: randomBytes(8).toString("base64url") } }, "keys.auth"],
      [{ ...good, keys: { ...good.keys, p256dh: randomBytes(65).toString("base64url") } }, "keys.p256dh"],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, "keys.auth"],
      [{ keys: good.keys }, "endpoint"],
    ];
    for (const [body, field] of cases) {
      const response = await subscribe(client, body);
      expect([response.statusCode, fieldsOf(response)], JSON.stringify(body)).toEqual([422, [field]]);
    }
    expect(await endpointsOf(user.id)).toEqual([]);
  });

  it("asks a guest to sign in, for subscribing and unsubscribing alike", async () => {
    const guest = new TestClient(t.app);
    for (const response of [
      await subscribe(guest, browserSubscription()),
      await guest.request("DELETE", SUBSCRIPTIONS, { endpoint: "http://127.0.0.1:9/push/x" }),
    ])
      expect([response.statusCode, response.json().detail.error_code]).toEqual([401, "TOKEN_NOT_FOUND"]);
  });
});
