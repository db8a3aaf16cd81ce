import { sessionsChanged } from "../platform/auth/sessions.events.js";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { users } from "../db/schema/users.js";
import type { Config } from "../config.js";
import { createTestApp, type TestApp } from "./test-app.js";
import type { TestClient } from "./test-client.js";
import { createTestClock, type TestClock } from "./test-clock.js";
import { startTestMailServer, type TestMailServer } from "./test-mail.js";

/** An app whose mail goes to a real SMTP server the test reads, and whose time the test controls. */
export type AuthTestApp = TestApp & { mail: TestMailServer; clock: TestClock };

export async function createAuthTestApp(overrides: Partial<Config> = {}): Promise<AuthTestApp> {
  const mail = await startTestMailServer();
  const clock = createTestClock();
  try {
    const t = await createTestApp({ smtpUrl: mail.url, ...overrides }, { clock: clock.now });
    return {
      ...t,
      mail,
      clock,
      close: async () => {
        await t.close();
        await mail.close();
      },
    };
  } catch (error) {
    await mail.close();
    throw error;
  }
}

export const STRONG_PASSWORD = "Secret!123";

export type TestAccount = { email: string; username: string; password: string };

/** A fresh e-mail and username, so tests sharing an app never collide. */
export function newAccount(): TestAccount {
  const username = `u_${randomBytes(5).toString("hex")}`;
  return { email: `${username}@example.com`, username, password: STRONG_PASSWORD };
}

/** The whole sign-up through the API and the mailbox; the client ends up signed in. Answers the confirm response. */
export async function signUp(
  t: AuthTestApp,
  client: TestClient,
  account = newAccount(),
): Promise<LightMyRequestResponse> {
  const sent = await client.post("/v1/auth/send-verification-code", {
    email: account.email,
    username: account.username,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const confirmed = await client.post("/v1/auth/confirm-verification-code", {
    ...account,
    email_code: t.mail.latestCodeFor(account.email),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed;
}

export async function signIn(
  client: TestClient,
  account: Pick<TestAccount, "email" | "password">,
): Promise<LightMyRequestResponse> {
  return client.post("/v1/auth/login", { email: account.email, password: account.password });
}

/** What an admin's ban does to the row; the admin module adds its own effects. */
/** Bans a user in the database, announced as the admin's ban service does. */
export async function banUser(t: TestApp, email: string): Promise<void> {
  const [user] = await t.database.db
    .update(users)
    .set({ isBanned: true })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (user) sessionsChanged(t.database.db, user.id);
}

/** A code that is surely not the right one. */
export function wrongCodeFor(code: string): string {
  return code === "000000" ? "111111" : "000000";
}
