import { VERIFICATION_CODE_TTL_MINUTES } from "@lootlane/contract";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAuthTestApp,
  newAccount,
  signIn,
  signUp,
  wrongCodeFor,
  type AuthTestApp,
  type TestAccount,
} from "../../test/test-auth.js";
import { TestClient } from "../../test/test-client.js";

/* Issue 22: change of e-mail, with a code sent to the new address and a notice to the old one. */

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(() => t.close());

const errorCode = (response: LightMyRequestResponse) => response.json().detail.error_code;
const freshEmail = () => newAccount().email;

async function signedIn(locale?: string): Promise<{ client: TestClient; account: TestAccount }> {
  const account = newAccount();
  const client = new TestClient(t.app, { locale });
  await signUp(t, client, account);
  return { client, account };
}

const askCode = (client: TestClient, body: { new_email: string; password: string }) =>
  client.post("/v1/auth/email-change-code", body);
const change = (client: TestClient, body: { new_email: string; code: string }) =>
  client.post("/v1/auth/change-email", body);

describe("changing the e-mail", () => {
  it("mails the code to the new address, switches with it and tells the old address", async () => {
    const { client, account } = await signedIn();
    const newEmail = freshEmail();

    const sent = await askCode(client, { new_email: newEmail, password: account.password });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: true, resend_after: 60 });
    expect(t.mail.mailsTo(newEmail).at(-1)!.subject).toBe("Confirm your new Lootlane e-mail");
    const codesToOld = t.mail.mailsTo(account.email).filter((mail) => mail.subject.includes("Confirm"));
    expect(codesToOld).toEqual([]);

    const changed = await change(client, { new_email: newEmail, code: t.mail.latestCodeFor(newEmail) });
    expect(changed.statusCode, changed.body).toBe(200);
    const notice = t.mail.mailsTo(account.email).at(-1)!;
    expect(notice.subject).toBe("Your Lootlane e-mail was changed");
    expect(notice.text).toContain(newEmail);

    expect((await client.post("/v1/auth/")).json().email).toBe(newEmail);
    expect((await signIn(new TestClient(t.app), { email: newEmail, password: account.password })).statusCode).toBe(200);
    expect(errorCode(await signIn(new TestClient(t.app), account))).toBe("INCORRECT_EMAIL_OR_PASSWORD");
  });

  it("speaks the account's language in the notice", async () => {
    const { client, account } = await signedIn("ru");
    const newEmail = freshEmail();
    expect((await askCode(client, { new_email: newEmail, password: account.password })).statusCode).toBe(200);
    expect(t.mail.mailsTo(newEmail).at(-1)!.subject).toBe("Подтвердите новый e-mail в Lootlane");
    expect((await change(client, { new_email: newEmail, code: t.mail.latestCodeFor(newEmail) })).statusCode).toBe(200);
    expect(t.mail.mailsTo(account.email).at(-1)!.subject).toBe("E-mail вашего аккаунта Lootlane изменён");
  });

  it("refuses a wrong password, a taken address and one's own address, mailing nothing", async () => {
    const { client, account } = await signedIn();
    const { account: other } = await signedIn();
    const newEmail = freshEmail();

    expect(errorCode(await askCode(client, { new_email: newEmail, password: "Wrong#pass1" }))).toBe("WRONG_PASSWORD");
    const taken = await askCode(client, { new_email: other.email, password: account.password });
    expect([taken.statusCode, errorCode(taken)]).toEqual([409, "EMAIL_ALREADY_EXISTS"]);
    const own = await askCode(client, { new_email: account.email, password: account.password });
    expect([own.statusCode, errorCode(own)]).toEqual([409, "EMAIL_CHANGE_SAME_EMAIL"]);
    expect(t.mail.mailsTo(newEmail)).toEqual([]);
    expect(t.mail.mailsTo(other.email)).toHaveLength(1); // its own sign-up code
  });

  it("refuses a wrong code, an expired one, and a code used for another address than it was sent to", async () => {
    const { client, account } = await signedIn();
    const newEmail = freshEmail();
    expect((await askCode(client, { new_email: newEmail, password: account.password })).statusCode).toBe(200);
    const code = t.mail.latestCodeFor(newEmail);

    expect(errorCode(await change(client, { new_email: newEmail, code: wrongCodeFor(code) }))).toBe(
      "WRONG_VERIFICATION_CODE",
    );
    // The right code for the address it was sent to still works after one wrong try; for any other it is wrong.
    const elsewhere = await change(client, { new_email: freshEmail(), code });
    expect(errorCode(elsewhere)).toBe("WRONG_VERIFICATION_CODE");
    expect((await client.post("/v1/auth/")).json().email).toBe(account.email);

    t.clock.advance(61_000);
    const later = freshEmail();
    expect((await askCode(client, { new_email: later, password: account.password })).statusCode).toBe(200);
    t.clock.advance(VERIFICATION_CODE_TTL_MINUTES * 60_000 + 1);
    const expired = await change(client, { new_email: later, code: t.mail.latestCodeFor(later) });
    expect(errorCode(expired)).toBe("VERIFICATION_CODE_EXPIRED");
    expect((await client.post("/v1/auth/")).json().email).toBe(account.email);
  });

  it("refuses the switch when the address was taken after the code was sent", async () => {
    const { client, account } = await signedIn();
    const newEmail = freshEmail();
    expect((await askCode(client, { new_email: newEmail, password: account.password })).statusCode).toBe(200);
    const code = t.mail.latestCodeFor(newEmail);
    await signUp(t, new TestClient(t.app), { ...newAccount(), email: newEmail });

    const response = await change(client, { new_email: newEmail, code });
    expect([response.statusCode, errorCode(response)]).toEqual([409, "EMAIL_ALREADY_EXISTS"]);
    expect((await client.post("/v1/auth/")).json().email).toBe(account.email);
  });

  it("needs a signed-in user", async () => {
    const guest = new TestClient(t.app);
    expect(errorCode(await askCode(guest, { new_email: freshEmail(), password: "Secret!123" }))).toBe(
      "TOKEN_NOT_FOUND",
    );
  });
});
