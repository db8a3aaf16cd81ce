import { errorText } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

/** Runs `count` attempts ten at a time: argon2 works on a thread pool, so this is several times faster than one by one. */
async function attempts(count: number, attempt: (index: number) => Promise<{ statusCode: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, offset) => attempt(start + offset));
    statuses.push(...(await Promise.all(batch)).map((response) => response.statusCode));
  }
  return statuses;
}

async function registered(): Promise<TestAccount & { id: string }> {
  const account = newAccount();
  const response = await signUp(t, new TestClient(t.app), account);
  return { ...account, id: response.json().id };
}

describe("sign-in", () => {
  it("signs in with the right password, whatever the e-mail's case, and answers the user", async () => {
    const account = await registered();
    const client = new TestClient(t.app);
    const response = await signIn(client, { email: account.email.toUpperCase(), password: account.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: account.id, email: account.email, username: account.username });
    expect(response.body).not.toMatch(/password|hash|token/i);
    expect((await client.get("/v1/auth/get-my-user-id")).json()).toEqual({ user_id: account.id });
  });

  it("sets httpOnly, SameSite=Lax, Secure cookies: the access token for the site, the refresh token for /v1/auth only", async () => {
    const account = await registered();
    const response = await signIn(new TestClient(t.app), account);
    const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cookies["access_token"]).toMatchObject({ path: "/", httpOnly: true, secure: true, sameSite: "Lax" });
    expect(cookies["refresh_token"]).toMatchObject({ path: "/v1/auth", httpOnly: true, secure: true, sameSite: "Lax" });
    expect(cookies["refresh_token"]!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("answers INCORRECT_EMAIL_OR_PASSWORD alike for a wrong password and an unknown e-mail", async () => {
    const account = await registered();
    const client = new TestClient(t.app);
    const wrongPassword = await signIn(client, { email: account.email, password: "Wrong!123" });
    const unknownEmail = await signIn(client, { email: newAccount().email, password: account.password });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: { error_code: "INCORRECT_EMAIL_OR_PASSWORD", error_message: "Incorrect e-mail or password" },
      });
      expect(response.cookies).toEqual([]);
    }
  });

  it("tells a banned user so only once the password is right", async () => {
    const account = await registered();
    await banUser(t, account.email);
    const client = new TestClient(t.app);
    expect((await signIn(client, { email: account.email, password: "Wrong!123" })).json().detail.error_code).toBe(
      "INCORRECT_EMAIL_OR_PASSWORD",
    );
    const banned = await signIn(client, account);
    expect(banned.statusCode).toBe(403);
    expect(banned.json().detail.error_code).toBe("USER_IS_BANNED");
    expect(banned.cookies).toEqual([]);
  });
});

describe("sign-in rate limits", () => {
  it("allows 100 failed sign-ins per account per hour from any number of IPs, then locks the account until the hour ends", async () => {
    t.clock.set(new Date("2030-03-01T10:00:00.000Z"));
    const owner = await registered();
    const bystander = await registered();

    const failures = await attempts(100, (index) =>
      signIn(new TestClient(t.app), { email: owner.email, password: `Guess!${index}x` }),
    );
    expect(failures).toEqual(Array(100).fill(401));
    const blocked = await signIn(new TestClient(t.app), owner);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBe("3600");
    expect(blocked.json().detail).toEqual({
      error_code: "TOO_MANY_REQUESTS",
      error_message: errorText("TOO_MANY_REQUESTS", "en", { retry_after: 3600 }),
    });
    // Only that account is locked.
    expect((await signIn(new TestClient(t.app), bystander)).statusCode).toBe(200);

    t.clock.advance(59 * 60_000);
    expect((await signIn(new TestClient(t.app), owner)).headers["retry-after"]).toBe("60");
    t.clock.advance(60_000);
    expect((await signIn(new TestClient(t.app), owner)).statusCode).toBe(200);
  });

  it("allows 30 sign-in attempts per IP per minute", async () => {
    t.clock.set(new Date("2030-03-02T10:00:00.000Z"));
    const account = await registered();
    const client = new TestClient(t.app);
    const failures = await attempts(29, () => signIn(client, { email: newAccount().email, password: "Guess!123" }));
    expect(failures).toEqual(Array(29).fill(401));
    expect((await signIn(client, account)).statusCode).toBe(200);
    const blocked = await signIn(client, account);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBe("60");
    // Another machine is not affected, and this one may try again in the next minute.
    expect((await signIn(new TestClient(t.app), account)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await signIn(client, account)).statusCode).toBe(200);
  });
});
