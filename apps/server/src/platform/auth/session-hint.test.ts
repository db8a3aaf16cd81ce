import { SESSION_HINT_COOKIE } from "@lootlane/contract";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { TestClient } from "../../test/test-client.js";
import { createTestUser, signInAs, TEST_PASSWORD } from "../../test/test-users.js";
import { REFRESH_TOKEN_TTL_MS } from "./sessions.js";

let t: TestApp;
let users = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(): Promise<TestClient> {
  users += 1;
  return signInAs(t.app, await createTestUser(t.database.db, { username: `hint_user_${users}` }));
}

const hintOf = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === SESSION_HINT_COOKIE);

/** The hint a response sets: readable by scripts, site-wide, as long-lived as the refresh token. */
function expectHintSet(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(200);
  expect(hintOf(response)).toMatchObject({
    value: "1",
    path: "/",
    sameSite: "Lax",
    maxAge: REFRESH_TOKEN_TTL_MS / 1000,
  });
  expect(hintOf(response)?.httpOnly).toBeFalsy();
}

function expectHintCleared(response: LightMyRequestResponse): void {
  expect(hintOf(response)).toMatchObject({ value: "", path: "/" });
  expect(hintOf(response)?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
}

describe("the session hint cookie", () => {
  it("is set by a sign-in and by a refresh", async () => {
    const client = new TestClient(t.app);
    const user = await createTestUser(t.database.db, { username: "hint_signin" });
    expectHintSet(await client.post("/v1/auth/login", { email: user.email, password: TEST_PASSWORD }));
    expectHintSet(await client.post("/v1/auth/update-tokens"));
  });

  it("is cleared by a sign-out", async () => {
    const client = await signedIn();
    const response = await client.post("/v1/auth/logout");
    expect(response.statusCode).toBe(200);
    expectHintCleared(response);
  });

  it("is cleared by a sign-out everywhere", async () => {
    const client = await signedIn();
    const response = await client.post("/v1/auth/logout-all");
    expect(response.statusCode).toBe(200);
    expectHintCleared(response);
  });

  it("is cleared when the current sign-in is revoked", async () => {
    const client = await signedIn();
    const { sessions } = (await client.get("/v1/auth/sessions")).json<{
      sessions: { id: string; current: boolean }[];
    }>();
    const current = sessions.find((session) => session.current)!;
    const response = await client.request("DELETE", `/v1/auth/sessions/${current.id}`);
    expect(response.statusCode).toBe(204);
    expectHintCleared(response);
  });

  it("is cleared by the account's deletion", async () => {
    const client = await signedIn();
    const response = await client.post("/v1/auth/delete-account", { password: TEST_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expectHintCleared(response);
  });

  it("is cleared when the refresh token is found invalid", async () => {
    const client = await signedIn();
    client.setCookie("refresh_token", "not-a-token", "/v1/auth");
    const response = await client.post("/v1/auth/update-tokens");
    expect(response.statusCode).toBe(401);
    expectHintCleared(response);
  });

  it("is not set for a failed sign-in", async () => {
    const response = await new TestClient(t.app).post("/v1/auth/login", {
      email: "nobody@example.com",
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).not.toBe(200);
    expect(hintOf(response)).toBeUndefined();
  });
});
