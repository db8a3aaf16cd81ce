import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema/users.js";
import { hashRefreshToken, REFRESH_REUSE_GRACE_MS } from "../../platform/auth/sessions.js";
import {
  banUser,
  createAuthTestApp,
  newAccount,
  signIn,
  signUp,
  type AuthTestApp,
  type TestAccount,
} from "../../test/test-auth.js";
import { TestClient } from "../../test/test-client.js";

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(() => t.close());

async function signedIn(): Promise<{ client: TestClient; account: TestAccount }> {
  const account = newAccount();
  const client = new TestClient(t.app);
  await signUp(t, client, account);
  return { client, account };
}

const refresh = (client: TestClient) => client.post("/v1/auth/update-tokens");
const me = (client: TestClient) => client.get("/v1/auth/get-my-user-id");
const errorCode = (response: LightMyRequestResponse) => response.json().detail.error_code;

function expectCookiesCleared(response: LightMyRequestResponse): void {
  const cleared = response.cookies.filter(
    (cookie) => cookie.value === "" && (cookie.maxAge === 0 || cookie.expires!.getTime() <= Date.now()),
  );
  expect(cleared.map((cookie) => `${cookie.name} ${cookie.path}`).sort()).toEqual([
    "access_token /",
    "refresh_token /v1/auth",
    "session_hint /",
  ]);
}

async function sessionOf(refreshToken: string) {
  const [row] = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.refreshTokenHash, hashRefreshToken(refreshToken)));
  return row!;
}

describe("POST /auth/update-tokens", () => {
  it("rotates the refresh token within its family and issues a working access token", async () => {
    const { client } = await signedIn();
    const oldRefresh = client.cookie("refresh_token")!;
    const oldAccess = client.cookie("access_token")!;

    const response = await refresh(client);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(response.body).not.toContain(client.cookie("refresh_token")!);
    expect(client.cookie("refresh_token")).not.toBe(oldRefresh);
    expect(client.cookie("access_token")).not.toBe(oldAccess);
    expect((await me(client)).statusCode).toBe(200);

    const [old, current] = [await sessionOf(oldRefresh), await sessionOf(client.cookie("refresh_token")!)];
    expect(old.revokedAt).not.toBeNull();
    expect(old.replacedBy).toBe(current.id);
    expect(current.familyId).toBe(old.familyId);
    expect(current.revokedAt).toBeNull();
    // Only hashes are stored.
    expect(JSON.stringify([old, current])).not.toContain(oldRefresh);
  });

  it("revokes the whole family when a rotated refresh token comes back", async () => {
    const { client } = await signedIn();
    const thief = client.copy();
    expect((await refresh(client)).statusCode).toBe(200);
    // Past the window in which a parallel refresh of the same browser is still answered.
    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1);

    const replay = await refresh(thief);
    expect(replay.statusCode).toBe(401);
    expect(errorCode(replay)).toBe("TOKEN_IS_REVOKED");
    expectCookiesCleared(replay);

    // The rightful holder's newer tokens die with the family.
    expect(errorCode(await me(client))).toBe("TOKEN_IS_REVOKED");
    expect(errorCode(await refresh(client))).toBe("TOKEN_IS_REVOKED");
  });

  it("refuses an expired refresh token with TOKEN_IS_EXPIRED and clears the cookies", async () => {
    const { client } = await signedIn();
    t.clock.advance(30 * 24 * 60 * 60_000 + 1000);
    const response = await refresh(client);
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe("TOKEN_IS_EXPIRED");
    expectCookiesCleared(response);
  });

  it("keeps a session alive past 30 days as long as it is refreshed", async () => {
    const { client } = await signedIn();
    for (let day = 0; day < 3; day++) {
      t.clock.advance(20 * 24 * 60 * 60_000);
      expect((await refresh(client)).statusCode, `refresh ${day}`).toBe(200);
    }
    expect((await me(client)).statusCode).toBe(200);
  });

  it("refuses an unknown refresh token with INVALID_REFRESH_TOKEN and a missing one with TOKEN_NOT_FOUND", async () => {
    const forged = new TestClient(t.app);
    forged.setCookie("refresh_token", "x".repeat(43), "/v1/auth");
    const unknown = await refresh(forged);
    expect(unknown.statusCode).toBe(401);
    expect(errorCode(unknown)).toBe("INVALID_REFRESH_TOKEN");
    expectCookiesCleared(unknown);

    const missing = await refresh(new TestClient(t.app));
    expect(missing.statusCode).toBe(401);
    expect(errorCode(missing)).toBe("TOKEN_NOT_FOUND");
  });

  it("refuses a banned user's refresh", async () => {
    const { client, account } = await signedIn();
    await banUser(t, account.email);
    const response = await refresh(client);
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe("USER_IS_BANNED");
  });
});

describe("parallel refreshes with one refresh token (two tabs, sockets expiring together)", () => {
  it("answer every caller with the same new tokens, and the sign-in goes on for all of them", async () => {
    const { client } = await signedIn();
    const tabs = [client, client.copy(), client.copy(), client.copy(), client.copy()];

    const answers = await Promise.all(tabs.map(refresh));
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rotated = new Set(tabs.map((tab) => tab.cookie("refresh_token")));
    expect(rotated.size).toBe(1);
    expect(rotated.has(undefined)).toBe(false);
    for (const tab of tabs) expect((await me(tab)).statusCode).toBe(200);

    // The family survived: the next rotation works, and a tab still holding the previous answer joins it.
    expect((await refresh(tabs[0]!)).statusCode).toBe(200);
    expect((await refresh(tabs[1]!)).statusCode).toBe(200);
    expect(tabs[1]!.cookie("refresh_token")).toBe(tabs[0]!.cookie("refresh_token"));
    for (const tab of tabs.slice(0, 2)) expect((await me(tab)).statusCode).toBe(200);
  });

  it("a rotated token presented after the window still revokes the family", async () => {
    const { client } = await signedIn();
    const late = client.copy();
    expect((await refresh(client)).statusCode).toBe(200);
    t.clock.advance(REFRESH_REUSE_GRACE_MS);
    expect((await refresh(late)).statusCode).toBe(200);

    const lateAgain = client.copy();
    expect((await refresh(client)).statusCode).toBe(200);
    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    const replay = await refresh(lateAgain);
    expect(replay.statusCode).toBe(401);
    expect(errorCode(replay)).toBe("TOKEN_IS_REVOKED");
    for (const holder of [client, late]) {
      expect(errorCode(await me(holder))).toBe("TOKEN_IS_REVOKED");
      expect(errorCode(await refresh(holder))).toBe("TOKEN_IS_REVOKED");
    }
  });

  it("answer nothing for a sign-in that was ended in the meantime", async () => {
    const { client } = await signedIn();
    const other = client.copy();
    expect((await refresh(client)).statusCode).toBe(200);
    expect((await client.post("/v1/auth/logout")).statusCode).toBe(200);
    const replay = await refresh(other);
    expect(replay.statusCode).toBe(401);
    expect(errorCode(replay)).toBe("TOKEN_IS_REVOKED");
    expectCookiesCleared(replay);
  });
});

describe("a live session", () => {
  it("stops working at once when its user is banned", async () => {
    const { client, account } = await signedIn();
    expect((await me(client)).statusCode).toBe(200);
    await banUser(t, account.email);
    const response = await client.post("/v1/auth/");
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe("USER_IS_BANNED");
  });

  it("needs a fresh access token after 15 minutes", async () => {
    const { client } = await signedIn();
    t.clock.advance(15 * 60_000 + 1000);
    const expired = await me(client);
    expect(expired.statusCode).toBe(401);
    expect(errorCode(expired)).toBe("TOKEN_IS_EXPIRED");
    expect((await refresh(client)).statusCode).toBe(200);
    expect((await me(client)).statusCode).toBe(200);
  });
});

describe("sign-out", () => {
  it("ends this session and clears both cookies, leaving the user's other sessions alone", async () => {
    const { client, account } = await signedIn();
    const other = new TestClient(t.app);
    await signIn(other, account);
    const stale = client.copy();

    const response = await client.post("/v1/auth/logout");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expectCookiesCleared(response);
    expect(errorCode(await me(client))).toBe("TOKEN_NOT_FOUND");
    // Copies of the cookies are worthless now.
    expect(errorCode(await me(stale))).toBe("TOKEN_IS_REVOKED");
    expect(errorCode(await refresh(stale))).toBe("TOKEN_IS_REVOKED");
    expect((await me(other)).statusCode).toBe(200);
  });

  it("ends the session by its access token when the refresh cookie is gone", async () => {
    const { client } = await signedIn();
    const stale = client.copy();
    const accessOnly = new TestClient(t.app);
    accessOnly.setCookie("access_token", client.cookie("access_token")!);
    expect((await accessOnly.post("/v1/auth/logout")).statusCode).toBe(200);
    expect(errorCode(await me(stale))).toBe("TOKEN_IS_REVOKED");
  });

  it("is fine without a session", async () => {
    const response = await new TestClient(t.app).post("/v1/auth/logout");
    expect(response.statusCode).toBe(200);
    expectCookiesCleared(response);
  });

  it("everywhere ends every session of the user, this one included", async () => {
    const { client, account } = await signedIn();
    const phone = new TestClient(t.app);
    await signIn(phone, account);
    const stranger = await signedIn();
    const stale = client.copy();

    const response = await client.post("/v1/auth/logout-all");
    expect(response.statusCode).toBe(200);
    expectCookiesCleared(response);
    expect(errorCode(await me(stale))).toBe("TOKEN_IS_REVOKED");
    expect(errorCode(await me(phone))).toBe("TOKEN_IS_REVOKED");
    expect(errorCode(await refresh(phone))).toBe("TOKEN_IS_REVOKED");
    expect((await me(stranger.client)).statusCode).toBe(200);
  });

  it("everywhere needs a signed-in user", async () => {
    const response = await new TestClient(t.app).post("/v1/auth/logout-all");
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe("TOKEN_NOT_FOUND");
  });
});
