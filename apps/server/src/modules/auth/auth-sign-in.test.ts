import { errorText } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  banUser,
  createAuthTestApp,
  newAccount,
  signIn,
  signUp,
  type AuthTestApp,
  wrongCodeFor,
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

describe("sign-in of a locked account with a mailed code", () => {
  const requestCode = (client: TestClient, account: Pick<TestAccount, "email" | "password">) =>
    client.post("/v1/auth/login-code", { email: account.email, password: account.password });
  const signInWithCode = (client: TestClient, account: Pick<TestAccount, "email" | "password">, code: string) =>
    client.post("/v1/auth/login", { email: account.email, password: account.password, code });

  /** Someone elsewhere spends the account's 100 wrong passwords for this hour. */
  async function lockedOut(): Promise<TestAccount & { id: string }> {
    const owner = await registered();
    const failures = await attempts(100, (index) =>
      signIn(new TestClient(t.app), { email: owner.email, password: `Guess!${index}x` }),
    );
    expect(failures).toEqual(Array(100).fill(401));
    return owner;
  }

  it("tells the locked-out owner a code can be mailed, and signs them in with the password and that code", async () => {
    t.clock.set(new Date("2030-03-03T10:00:00.000Z"));
    const owner = await lockedOut();
    const device = new TestClient(t.app);

    const passwordAlone = await signIn(device, owner);
    expect(passwordAlone.statusCode).toBe(429);
    expect(passwordAlone.json().detail.error_code).toBe("TOO_MANY_REQUESTS");
    expect(passwordAlone.headers["x-sign-in-code"]).toBe("available");
    expect(passwordAlone.cookies).toEqual([]);

    const sent = await requestCode(device, owner);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: true, resend_after: 60 });
    const code = t.mail.latestCodeFor(owner.email);
    expect(t.mail.mailsTo(owner.email).at(-1)!.subject).toBe("Your Lootlane sign-in code");

    const wrongCode = await signInWithCode(device, owner, wrongCodeFor(code));
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().detail.error_code).toBe("WRONG_VERIFICATION_CODE");
    expect(wrongCode.cookies).toEqual([]);

    const signedIn = await signInWithCode(device, owner, code);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: owner.id, email: owner.email });
    expect((await device.get("/v1/auth/get-my-user-id")).json()).toEqual({ user_id: owner.id });
    // The code is used up, and the account's budget still holds for the password alone.
    expect((await signInWithCode(new TestClient(t.app), owner, code)).json().detail.error_code).toBe(
      "WRONG_VERIFICATION_CODE",
    );
    expect((await signIn(new TestClient(t.app), owner)).statusCode).toBe(429);
  });

  it("counts wrong codes: after five even the right one is refused until a new code is mailed", async () => {
    t.clock.set(new Date("2030-03-04T10:00:00.000Z"));
    const owner = await lockedOut();
    const device = new TestClient(t.app);
    expect((await requestCode(device, owner)).statusCode).toBe(200);
    const code = t.mail.latestCodeFor(owner.email);
    for (let guess = 0; guess < 5; guess++)
      expect((await signInWithCode(device, owner, wrongCodeFor(code))).statusCode).toBe(400);
    const refused = await signInWithCode(device, owner, code);
    expect(refused.json().detail.error_code).toBe("EMAIL_VERIFICATION_MAX_COUNT_OF_TRIES_EXCEEDED");
    expect(refused.cookies).toEqual([]);

    t.clock.advance(61_000);
    expect((await requestCode(device, owner)).statusCode).toBe(200);
    expect((await signInWithCode(device, owner, t.mail.latestCodeFor(owner.email))).statusCode).toBe(200);
  });

  it("keeps out an attacker without the mailbox: wrong passwords mail nothing and learn nothing, guessed codes fail", async () => {
    t.clock.set(new Date("2030-03-05T10:00:00.000Z"));
    const owner = await lockedOut();
    const attacker = new TestClient(t.app);

    const wrongPassword = await requestCode(attacker, { email: owner.email, password: "Guess!999x" });
    const unknownEmail = await requestCode(attacker, { email: newAccount().email, password: owner.password });
    for (const response of [wrongPassword, unknownEmail])
      expect(response.json()).toEqual({ success: true, resend_after: 60 });
    expect(t.mail.mailsTo(owner.email)).toHaveLength(1); // the sign-up code only

    for (const code of ["000000", "123456", "999999"]) {
      const guessed = await signInWithCode(attacker, { email: owner.email, password: "Guess!999x" }, code);
      expect(guessed.json().detail.error_code).toBe("WRONG_VERIFICATION_CODE");
      expect(guessed.cookies).toEqual([]);
    }
    // The owner's code still arrives and works; a right code with a wrong password uses it up and signs nobody in.
    expect((await requestCode(new TestClient(t.app), owner)).statusCode).toBe(200);
    const code = t.mail.latestCodeFor(owner.email);
    const wrongWithCode = await signInWithCode(attacker, { email: owner.email, password: "Guess!999x" }, code);
    expect(wrongWithCode.statusCode).toBe(401);
    expect(wrongWithCode.json().detail.error_code).toBe("INCORRECT_EMAIL_OR_PASSWORD");
    expect((await signInWithCode(attacker, owner, code)).json().detail.error_code).toBe("WRONG_VERIFICATION_CODE");
  });

  it("still counts code sign-ins against the per-IP limit", async () => {
    t.clock.set(new Date("2030-03-06T10:00:00.000Z"));
    const owner = await lockedOut();
    const client = new TestClient(t.app);
    expect((await requestCode(client, owner)).statusCode).toBe(200);
    const code = t.mail.latestCodeFor(owner.email);
    await attempts(29, () => signIn(client, { email: newAccount().email, password: "Guess!123" }));
    const blocked = await signInWithCode(client, owner, code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["x-sign-in-code"]).toBeUndefined();
    expect((await signInWithCode(new TestClient(t.app), owner, code)).statusCode).toBe(200);
  });
});
