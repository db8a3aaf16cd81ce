import { errorText, userSchema, VERIFICATION_CODE_MAX_TRIES } from "@lootlane/contract";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerAccounts } from "../../db/schema/ledger.js";
import { emailCodes, users } from "../../db/schema/users.js";
import { createTestApp } from "../../test/test-app.js";
import { createAuthTestApp, newAccount, signUp, wrongCodeFor, type AuthTestApp } from "../../test/test-auth.js";
import { TestClient } from "../../test/test-client.js";
import { extractCode, parseMessage } from "../../test/test-mail.js";

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(() => t.close());

const sendCode = (client: TestClient, account: { email: string; username: string }) =>
  client.post("/v1/auth/send-verification-code", { email: account.email, username: account.username });

const confirm = (client: TestClient, account: { email: string; username: string; password: string }, code: string) =>
  client.post("/v1/auth/confirm-verification-code", { ...account, email_code: code });

async function rowsFor(email: string) {
  const [codes, accounts] = await Promise.all([
    t.database.db.select().from(emailCodes).where(eq(emailCodes.email, email)),
    t.database.db.select().from(users).where(eq(users.email, email)),
  ]);
  return { codes, users: accounts };
}

describe("sign-up", () => {
  it("mails a code, then creates the user with an empty ledger account and signs them in", async () => {
    const client = new TestClient(t.app);
    const account = newAccount();

    const sent = await sendCode(client, { ...account, email: account.email.toUpperCase() });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, resend_after: 60 });
    const mail = t.mail.mailsTo(account.email).at(-1)!;
    expect(mail.subject).toBe("Your Lootlane sign-up code");
    expect(mail.from).toBe("no-reply@lootlane.local");
    const code = t.mail.latestCodeFor(account.email);

    const confirmed = await confirm(client, account, code);
    expect(confirmed.statusCode).toBe(200);
    const user = userSchema.parse(confirmed.json());
    expect(user).toMatchObject({
      email: account.email,
      username: account.username,
      balance: 0,
      role: "user",
      is_banned: false,
      is_active: true,
    });
    expect(Object.keys(confirmed.json()).sort()).toEqual(Object.keys(userSchema.shape).sort());

    const [ledger] = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, user.id));
    expect(ledger).toMatchObject({ kind: "user_available", balanceKopecks: 0 });

    // Signed in: the cookies carry the session.
    expect((await client.post("/v1/auth/")).json()).toEqual(user);
    expect((await client.get("/v1/auth/get-my-user-id")).json()).toEqual({ user_id: user.id });

    // The code works once.
    const again = await confirm(new TestClient(t.app), account, code);
    expect(again.json().detail.error_code).toBe("WRONG_VERIFICATION_CODE");
  });

  it("never answers with the password hash or the tokens", async () => {
    const client = new TestClient(t.app);
    const confirmed = await signUp(t, client);
    const me = await client.post("/v1/auth/");
    for (const body of [confirmed.body, me.body]) {
      expect(body).not.toMatch(/password|hash|argon|token/i);
      expect(body).not.toContain(client.cookie("access_token")!);
      expect(body).not.toContain(client.cookie("refresh_token")!);
    }
  });

  it("refuses a taken e-mail or username, whatever its case, before mailing anything", async () => {
    const taken = newAccount();
    await signUp(t, new TestClient(t.app), taken);
    const client = new TestClient(t.app);

    const sameEmail = await sendCode(client, { email: taken.email.toUpperCase(), username: newAccount().username });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().detail.error_code).toBe("EMAIL_ALREADY_EXISTS");

    const other = newAccount();
    const sameName = await sendCode(client, { email: other.email, username: taken.username.toUpperCase() });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().detail.error_code).toBe("USERNAME_ALREADY_EXISTS");
    expect(t.mail.mailsTo(other.email)).toEqual([]);
    expect(t.mail.mailsTo(taken.email)).toHaveLength(1);
  });

  it("refuses an invalid e-mail or a username outside 3–16 English letters, digits and _", async () => {
    const client = new TestClient(t.app);
    for (const [body, field] of [
      [{ email: "not-an-email", username: "good_name" }, "email"],
      [{ email: "a@b.cd", username: "ab" }, "username"],
      [{ email: "a@b.cd", username: "a".repeat(17) }, "username"],
      [{ email: "a@b.cd", username: "имя_юзера" }, "username"],
    ] as const) {
      const response = await client.post("/v1/auth/send-verification-code", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().detail.errors.map((error: { field: string }) => error.field)).toEqual([field]);
    }
  });

  it("refuses an official-looking username and an e-mail with invisible characters, naming the field, before mailing anything", async () => {
    const client = new TestClient(t.app);
    const account = newAccount();
    for (const [body, field, code] of [
      [{ email: account.email, username: "Supp0rt" }, "username", "USERNAME_NOT_ALLOWED"],
      [{ email: account.email, username: "l00t_lane" }, "username", "USERNAME_NOT_ALLOWED"],
      [{ email: account.email, username: "admin_team" }, "username", "USERNAME_NOT_ALLOWED"],
      [{ email: `x\u200b${account.email}`, username: account.username }, "email", "EMAIL_INVISIBLE_CHARACTERS"],
      [{ email: `\u202e${account.email}`, username: account.username }, "email", "EMAIL_INVISIBLE_CHARACTERS"],
    ] as const) {
      const response = await client.post("/v1/auth/send-verification-code", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().detail.errors, JSON.stringify(body)).toEqual([{ field, message: errorText(code, "en") }]);
    }
    const confirmed = await confirm(client, { ...account, username: "moderator" }, "123456");
    expect(confirmed.json().detail.errors).toEqual([
      { field: "username", message: errorText("USERNAME_NOT_ALLOWED", "en") },
    ]);
    expect(t.mail.mailsTo(account.email)).toEqual([]);
  });

  it("counts wrong codes and refuses the sixth try even with the right code, until a new code is sent", async () => {
    const client = new TestClient(t.app);
    const account = newAccount();
    await sendCode(client, account);
    const code = t.mail.latestCodeFor(account.email);

    for (let attempt = 1; attempt <= VERIFICATION_CODE_MAX_TRIES; attempt++) {
      const wrong = await confirm(client, account, wrongCodeFor(code));
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(400);
      expect(wrong.json().detail.error_code).toBe("WRONG_VERIFICATION_CODE");
    }
    const sixth = await confirm(client, account, code);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toEqual({
      error_code: "EMAIL_VERIFICATION_MAX_COUNT_OF_TRIES_EXCEEDED",
      error_message: "Max count of tries exceeded. Max tries - 5",
    });
    expect((await rowsFor(account.email)).users).toEqual([]);

    t.clock.advance(61_000);
    await sendCode(client, account);
    const fresh = await confirm(client, account, t.mail.latestCodeFor(account.email));
    expect(fresh.statusCode).toBe(200);
  });

  it("refuses a code after its 10 minutes", async () => {
    const client = new TestClient(t.app);
    const account = newAccount();
    await sendCode(client, account);
    t.clock.advance(10 * 60_000 + 1000);
    const late = await confirm(client, account, t.mail.latestCodeFor(account.email));
    expect(late.statusCode).toBe(400);
    expect(late.json().detail.error_code).toBe("VERIFICATION_CODE_EXPIRED");
    expect((await rowsFor(account.email)).users).toEqual([]);
  });

  it("sends a new code at most every 60 s, and the new code replaces the old one", async () => {
    const client = new TestClient(t.app);
    const account = newAccount();
    await sendCode(client, account);
    const first = t.mail.latestCodeFor(account.email);

    const tooSoon = await sendCode(client, account);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers["retry-after"]).toBe("60");
    expect(tooSoon.json().detail).toEqual({
      error_code: "VERIFICATION_CODE_RESEND_TOO_SOON",
      error_message: errorText("VERIFICATION_CODE_RESEND_TOO_SOON", "en", { retry_after: 60 }),
    });
    t.clock.advance(45_000);
    expect((await sendCode(client, account)).json().detail.error_message).toContain("15");
    expect(t.mail.mailsTo(account.email)).toHaveLength(1);

    t.clock.advance(15_000);
    expect((await sendCode(client, account)).statusCode).toBe(200);
    const second = t.mail.latestCodeFor(account.email);
    if (second !== first) {
      expect((await confirm(client, account, first)).json().detail.error_code).toBe("WRONG_VERIFICATION_CODE");
    }
    expect((await confirm(client, account, second)).statusCode).toBe(200);
  });

  it("enforces the password rule on the server, naming the field, without spending a try", async () => {
    const client = new TestClient(t.app);
    const account = newAccount();
    await sendCode(client, account);
    const code = t.mail.latestCodeFor(account.email);
    for (const weak of ["Sh0rt!x", "alllowercase1!", "ALLUPPERCASE1!", "NoDigitsHere!", "NoSpecial123"]) {
      const response = await confirm(client, { ...account, password: weak }, code);
      expect(response.statusCode, weak).toBe(422);
      expect(response.json().detail.error_code).toBe("VALIDATION_ERROR");
      expect(response.json().detail.errors.map((error: { field: string }) => error.field)).toEqual(["password"]);
    }
    const [row] = (await rowsFor(account.email)).codes;
    expect(row!.tries).toBe(0);
    expect((await confirm(client, account, code)).statusCode).toBe(200);
  });

  it("writes the mail in Russian when the request prefers Russian", async () => {
    const account = newAccount();
    await sendCode(new TestClient(t.app, { locale: "ru-RU,ru;q=0.9" }), account);
    const mail = t.mail.mailsTo(account.email).at(-1)!;
    expect(mail.subject).toBe("Код регистрации в Lootlane");
    expect(mail.text).toContain("Ваш код для завершения регистрации");
  });

  it("answers 502 FAILED_TO_SEND_VERIFICATION_CODE when the mail server refuses, leaving no code and no user", async () => {
    const client = new TestClient(t.app);
    const account = newAccount();
    t.mail.rejecting = true;
    try {
      const failed = await sendCode(client, account);
      expect(failed.statusCode).toBe(502);
      expect(failed.json().detail.error_code).toBe("FAILED_TO_SEND_VERIFICATION_CODE");
    } finally {
      t.mail.rejecting = false;
    }
    expect(await rowsFor(account.email)).toEqual({ codes: [], users: [] });
    expect((await confirm(client, account, "123456")).json().detail.error_code).toBe("WRONG_VERIFICATION_CODE");
    // The failed send does not count as a send: trying again right away works.
    expect((await sendCode(client, account)).statusCode).toBe(200);
  });

  it("lets only one of two racing sign-ups have a username", async () => {
    const [first, second] = [newAccount(), newAccount()];
    second.username = first.username.toUpperCase();
    const [a, b] = [new TestClient(t.app), new TestClient(t.app)];
    await sendCode(a, first);
    await sendCode(b, second);
    const answers = await Promise.all([
      confirm(a, first, t.mail.latestCodeFor(first.email)),
      confirm(b, second, t.mail.latestCodeFor(second.email)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().detail.error_code).toBe(
      "USERNAME_ALREADY_EXISTS",
    );
  });
});

describe("sign-up with the mail server down", () => {
  let down: AuthTestApp;
  beforeAll(async () => {
    const closed = await createAuthTestApp();
    const url = closed.mail.url;
    await closed.close();
    // Nothing listens on that port any more.
    down = await createAuthTestApp({ smtpUrl: url });
  });
  afterAll(() => down.close());

  it("answers 502 FAILED_TO_SEND_VERIFICATION_CODE and keeps no code", async () => {
    const account = newAccount();
    const failed = await new TestClient(down.app).post("/v1/auth/send-verification-code", {
      email: account.email,
      username: account.username,
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().detail.error_code).toBe("FAILED_TO_SEND_VERIFICATION_CODE");
    expect(await down.database.db.select().from(emailCodes).where(eq(emailCodes.email, account.email))).toEqual([]);
  });
});

describe("sign-up without SMTP_URL (the embedded default)", () => {
  it("keeps the mail with its code in DATA_DIR/outbox, where it can be read to finish signing up", async () => {
    const embedded = await createTestApp();
    try {
      const account = newAccount();
      const client = new TestClient(embedded.app);
      expect((await sendCode(client, account)).statusCode).toBe(200);
      const outbox = path.join(embedded.config.dataDir, "outbox");
      const [file] = await readdir(outbox);
      const mail = parseMessage(await readFile(path.join(outbox, file!), "utf8"));
      expect(mail.subject).toBe("Your Lootlane sign-up code");
      expect((await confirm(client, account, extractCode(mail))).statusCode).toBe(200);
    } finally {
      await embedded.close();
    }
  });
});
