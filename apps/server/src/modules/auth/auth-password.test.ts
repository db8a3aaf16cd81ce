import { VERIFICATION_CODE_MAX_TRIES } from "@lootlane/contract";
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailCodes } from "../../db/schema/users.js";
import {
  banUser,
  createAuthTestApp,
  newAccount,
  signIn,
  signUp,
  wrongCodeFor,
  type AuthTestApp,
  type TestAccount,
} from "../../test/test-auth.js";
import { TestClient } from "../../test/test-client.js";

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = "Fresh#Pass9";
const me = (client: TestClient) => client.get("/v1/auth/get-my-user-id");
const errorCode = (response: LightMyRequestResponse) => response.json().detail.error_code;

/** A registered user signed in on two devices. */
async function userWithTwoDevices(): Promise<{ account: TestAccount; laptop: TestClient; phone: TestClient }> {
  const account = newAccount();
  const laptop = new TestClient(t.app);
  await signUp(t, laptop, account);
  const phone = new TestClient(t.app);
  expect((await signIn(phone, account)).statusCode).toBe(200);
  return { account, laptop, phone };
}

describe("POST /users/password", () => {
  const change = (client: TestClient, current_password: string, new_password: string) =>
    client.post("/v1/users/password", { current_password, new_password });

  it("changes the password and ends the user's other sessions, keeping this one", async () => {
    const { account, laptop, phone } = await userWithTwoDevices();
    const response = await change(laptop, account.password, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    expect((await me(laptop)).statusCode).toBe(200);
    expect((await laptop.post("/v1/auth/update-tokens")).statusCode).toBe(200);
    expect(errorCode(await me(phone))).toBe("TOKEN_IS_REVOKED");
    expect(errorCode(await signIn(new TestClient(t.app), account))).toBe("INCORRECT_EMAIL_OR_PASSWORD");
    expect((await signIn(new TestClient(t.app), { email: account.email, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it("refuses a wrong current password with WRONG_PASSWORD and changes nothing", async () => {
    const { account, laptop, phone } = await userWithTwoDevices();
    const response = await change(laptop, "Wrong!123", NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe("WRONG_PASSWORD");
    expect((await me(phone)).statusCode).toBe(200);
    expect((await signIn(new TestClient(t.app), account)).statusCode).toBe(200);
  });

  it("refuses a new password that breaks the password rule", async () => {
    const { account, laptop } = await userWithTwoDevices();
    const response = await change(laptop, account.password, "weakpassword");
    expect(response.statusCode).toBe(422);
    expect(response.json().detail.errors.map((error: { field: string }) => error.field)).toEqual(["new_password"]);
    expect((await signIn(new TestClient(t.app), account)).statusCode).toBe(200);
  });

  it("counts wrong current passwords against the account's sign-in failure budget", async () => {
    t.clock.set(new Date("2030-05-01T10:00:00.000Z"));
    const { account, laptop } = await userWithTwoDevices();
    for (let batch = 0; batch < 5; batch++) {
      const tries = Array.from({ length: 10 }, (_, index) =>
        index % 2
          ? change(laptop, `Wrong!${batch}${index}`, NEW_PASSWORD)
          : signIn(new TestClient(t.app), { email: account.email, password: `Wrong!${batch}${index}` }),
      );
      expect((await Promise.all(tries)).map((response) => response.statusCode).sort()).toEqual([
        ...Array(5).fill(400),
        ...Array(5).fill(401),
      ]);
    }
    for (let batch = 0; batch < 5; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          signIn(new TestClient(t.app), { email: account.email, password: `Wrong!x${batch}${index}` }),
        ),
      );
    }
    const refused = await change(laptop, account.password, NEW_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(errorCode(refused)).toBe("TOO_MANY_REQUESTS");
  });

  it("needs a signed-in user", async () => {
    const response = await change(new TestClient(t.app), "Secret!123", NEW_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe("TOKEN_NOT_FOUND");
  });
});

describe("password reset", () => {
  const requestCode = (client: TestClient, email: string) => client.post("/v1/auth/password-reset-code", { email });
  const confirmCode = (client: TestClient, email: string, code: string) =>
    client.post("/v1/auth/confirm-password-reset-code", { email, code });
  const setPassword = (client: TestClient, email: string, code: string, new_password = NEW_PASSWORD) =>
    client.post("/v1/auth/set-new-password", { email, code, new_password });

  it("mails a code, checks it without using it up, sets the password, ends every session and signs in afresh", async () => {
    const { account, laptop, phone } = await userWithTwoDevices();
    const browser = new TestClient(t.app);

    const sent = await requestCode(browser, account.email.toUpperCase());
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, resend_after: 60 });
    const mail = t.mail.mailsTo(account.email).at(-1)!;
    expect(mail.subject).toBe("Your Lootlane password reset code");
    const code = t.mail.latestCodeFor(account.email);

    expect((await confirmCode(browser, account.email, code)).json()).toEqual({ success: true });
    expect((await confirmCode(browser, account.email, code)).statusCode).toBe(200);

    const done = await setPassword(browser, account.email, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true });

    // Signed in with a new session; every earlier one has ended.
    expect((await browser.post("/v1/auth/")).json()).toMatchObject({ email: account.email });
    expect(errorCode(await me(laptop))).toBe("TOKEN_IS_REVOKED");
    expect(errorCode(await me(phone))).toBe("TOKEN_IS_REVOKED");
    expect(errorCode(await signIn(new TestClient(t.app), account))).toBe("INCORRECT_EMAIL_OR_PASSWORD");
    expect((await signIn(new TestClient(t.app), { email: account.email, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );

    // The code was used up.
    expect(errorCode(await setPassword(new TestClient(t.app), account.email, code, "Other#Pass9"))).toBe(
      "WRONG_VERIFICATION_CODE",
    );
  });

  it("answers an unknown e-mail exactly like a known one, without sending mail", async () => {
    const known = newAccount();
    await signUp(t, new TestClient(t.app), known);
    const unknown = newAccount().email;
    const client = new TestClient(t.app);

    const [knownFirst, unknownFirst] = [await requestCode(client, known.email), await requestCode(client, unknown)];
    expect(unknownFirst.statusCode).toBe(knownFirst.statusCode);
    expect(unknownFirst.json()).toEqual(knownFirst.json());
    expect(t.mail.mailsTo(unknown)).toEqual([]);

    const [knownAgain, unknownAgain] = [await requestCode(client, known.email), await requestCode(client, unknown)];
    expect(unknownAgain.statusCode).toBe(429);
    expect(unknownAgain.json()).toEqual(knownAgain.json());

    const [knownWrong, unknownWrong] = [
      await confirmCode(client, known.email, "123456"),
      await confirmCode(client, unknown, "123456"),
    ];
    expect(unknownWrong.json()).toEqual(knownWrong.json());
    expect(errorCode(await setPassword(client, unknown, "123456"))).toBe("WRONG_VERIFICATION_CODE");
  });

  it("counts wrong codes in both checks and refuses the sixth try even with the right code", async () => {
    const account = newAccount();
    await signUp(t, new TestClient(t.app), account);
    const client = new TestClient(t.app);
    await requestCode(client, account.email);
    const code = t.mail.latestCodeFor(account.email);

    for (let attempt = 1; attempt <= VERIFICATION_CODE_MAX_TRIES; attempt++) {
      const check =
        attempt % 2
          ? confirmCode(client, account.email, wrongCodeFor(code))
          : setPassword(client, account.email, wrongCodeFor(code));
      expect(errorCode(await check), `attempt ${attempt}`).toBe("WRONG_VERIFICATION_CODE");
    }
    for (const sixth of [
      await confirmCode(client, account.email, code),
      await setPassword(client, account.email, code),
    ]) {
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().detail).toEqual({
        error_code: "EMAIL_VERIFICATION_MAX_COUNT_OF_TRIES_EXCEEDED",
        error_message: "Max count of tries exceeded. Max tries - 5",
      });
    }
    expect((await signIn(new TestClient(t.app), account)).statusCode).toBe(200);
  });

  it("refuses an expired code and a weak new password", async () => {
    const account = newAccount();
    await signUp(t, new TestClient(t.app), account);
    const client = new TestClient(t.app);
    await requestCode(client, account.email);
    const code = t.mail.latestCodeFor(account.email);

    const weak = await setPassword(client, account.email, code, "weakpassword");
    expect(weak.statusCode).toBe(422);
    expect(weak.json().detail.errors.map((error: { field: string }) => error.field)).toEqual(["new_password"]);

    t.clock.advance(10 * 60_000 + 1000);
    expect(errorCode(await confirmCode(client, account.email, code))).toBe("VERIFICATION_CODE_EXPIRED");
    expect(errorCode(await setPassword(client, account.email, code))).toBe("VERIFICATION_CODE_EXPIRED");
  });

  it("does not let a banned user back in through a reset", async () => {
    const account = newAccount();
    await signUp(t, new TestClient(t.app), account);
    await banUser(t, account.email);
    const client = new TestClient(t.app);
    await requestCode(client, account.email);
    const response = await setPassword(client, account.email, t.mail.latestCodeFor(account.email));
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe("USER_IS_BANNED");
    expect(response.cookies).toEqual([]);
  });

  it("answers 502 when the mail cannot be sent, leaving no usable code", async () => {
    const account = newAccount();
    await signUp(t, new TestClient(t.app), account);
    const client = new TestClient(t.app);
    t.mail.rejecting = true;
    try {
      expect(errorCode(await requestCode(client, account.email))).toBe("FAILED_TO_SEND_VERIFICATION_CODE");
    } finally {
      t.mail.rejecting = false;
    }
    const codes = await t.database.db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, account.email), eq(emailCodes.purpose, "password_reset")));
    expect(codes).toEqual([]);
    expect((await requestCode(client, account.email)).statusCode).toBe(200);
  });
});
