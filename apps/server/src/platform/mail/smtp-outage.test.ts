import { errorText } from "@lootlane/contract";
import { and, eq, or } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailCodes, users } from "../../db/schema/users.js";
import { authLimits } from "../../modules/auth/auth.limits.js";
import { newAccount, signIn, signUp, type AuthTestApp, type TestAccount } from "../../test/test-auth.js";
import { createTestApp } from "../../test/test-app.js";
import { TestClient } from "../../test/test-client.js";
import { createTestClock } from "../../test/test-clock.js";
import { startTestMailServer } from "../../test/test-mail.js";
import { startTcpProxy, type TcpProxy } from "../../test/tcp-proxy.js";

/*
 * The mail server going away under a running app and coming back on the same address. sign-up.test.ts and
 * password.test.ts cover a server that refuses the message (451) and one that was never there; here it is cut
 * mid-run, or hangs, and the test checks that nothing the failed request began is left to block a retry: no
 * user, no code, no resend wait, no rate-limit count. The app talks to the test's real SMTP server through a
 * TCP relay the test cuts, which is what a stopped server looks like from the app.
 */

/** A refused connection fails at once; nodemailer's timeouts (smtp-mailer.ts) bound a hung server to about 5 s. */
const REFUSED_BOUND_MS = 2_000;
const HUNG_BOUND_MS = 5_000 + 2_000;

let t: AuthTestApp;
let smtp: TcpProxy;

beforeAll(async () => {
  const mail = await startTestMailServer();
  smtp = await startTcpProxy(Number(new URL(mail.url).port));
  const clock = createTestClock();
  const app = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` }, { clock: clock.now });
  t = {
    ...app,
    mail,
    clock,
    close: async () => {
      await app.close();
      await smtp.close();
      await mail.close();
    },
  };
});
afterAll(() => t?.close());

const requestSignUpCode = (client: TestClient, account: TestAccount) =>
  client.post("/v1/auth/send-verification-code", { email: account.email, username: account.username });
const requestResetCode = (client: TestClient, email: string) => client.post("/v1/auth/password-reset-code", { email });

async function timed(
  work: () => Promise<LightMyRequestResponse>,
): Promise<{ response: LightMyRequestResponse; ms: number }> {
  const started = performance.now();
  const response = await work();
  return { response, ms: performance.now() - started };
}

function expectNotSent(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(502);
  expect(response.json()).toEqual({
    detail: {
      error_code: "FAILED_TO_SEND_VERIFICATION_CODE",
      error_message: errorText("FAILED_TO_SEND_VERIFICATION_CODE", "en"),
    },
  });
}

/** What the database holds for the account: its codes and any user with its e-mail or username. */
async function leftoversOf(account: TestAccount) {
  const codes = await t.database.db.select().from(emailCodes).where(eq(emailCodes.email, account.email));
  const owners = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.email, account.email), eq(users.username, account.username)));
  return { codes, users: owners };
}

describe("sign-up with the SMTP server cut mid-run", () => {
  it("answers 502 FAILED_TO_SEND_VERIFICATION_CODE at once, keeps nothing, and the same account signs up once SMTP is back", async () => {
    // The server works first, so the app has delivered through it before it goes.
    await signUp(t, new TestClient(t.app));
    const account = newAccount();
    const client = new TestClient(t.app);
    await smtp.cut();
    try {
      const { response, ms } = await timed(() => requestSignUpCode(client, account));
      expectNotSent(response);
      expect(ms).toBeLessThan(REFUSED_BOUND_MS);
      // Every retry while it is still down fails the same way: not "too soon", and not counted against the
      // address's budget of codes, which would otherwise be used up by mail that never left.
      for (let retry = 1; retry < authLimits.codesPerEmail.max; retry++)
        expectNotSent(await requestSignUpCode(client, account));
    } finally {
      await smtp.restore();
    }
    expect(await leftoversOf(account)).toEqual({ codes: [], users: [] });
    expect(t.mail.mailsTo(account.email)).toEqual([]);

    // Right away, with no clock moved: nothing of the failed tries is in the way.
    await signUp(t, client, account);
    expect((await signIn(new TestClient(t.app), account)).statusCode).toBe(200);
  });

  it("answers 502 within the mailer's timeouts when the server accepts connections but never answers", async () => {
    const account = newAccount();
    const client = new TestClient(t.app);
    smtp.silence();
    try {
      const { response, ms } = await timed(() => requestSignUpCode(client, account));
      expectNotSent(response);
      expect(ms).toBeLessThan(HUNG_BOUND_MS);
    } finally {
      await smtp.restore();
    }
    expect(await leftoversOf(account)).toEqual({ codes: [], users: [] });
    await signUp(t, client, account);
  });
});

describe("password reset with the SMTP server cut mid-run", () => {
  it("answers 502 FAILED_TO_SEND_VERIFICATION_CODE, keeps no code, and resets once SMTP is back", async () => {
    const account = newAccount();
    await signUp(t, new TestClient(t.app), account);
    const client = new TestClient(t.app);
    await smtp.cut();
    try {
      expectNotSent(await requestResetCode(client, account.email));
    } finally {
      await smtp.restore();
    }
    const resetCodes = await t.database.db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, account.email), eq(emailCodes.purpose, "password_reset")));
    expect(resetCodes).toEqual([]);

    expect((await requestResetCode(client, account.email)).statusCode).toBe(200);
    const code = t.mail.latestCodeFor(account.email);
    const newPassword = "Fresh#Pass9";
    expect(
      (await client.post("/v1/auth/set-new-password", { email: account.email, code, new_password: newPassword }))
        .statusCode,
    ).toBe(200);
    expect((await signIn(new TestClient(t.app), { email: account.email, password: newPassword })).statusCode).toBe(200);
  });
});
