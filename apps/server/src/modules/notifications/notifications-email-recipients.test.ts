import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.js";
import { createAuthTestApp, type AuthTestApp } from "../../test/test-auth.js";
import {
  APP_URL,
  chatMessageNow,
  createRecipient,
  eventOf,
  notifyNow,
  onlyMailTo,
  runDueJobs,
} from "../../test/test-notification-mail.js";
import { savePreferences } from "./notifications-preferences.service.js";

/*
 * Who gets a notification e-mail: the recipient as they are when it is sent, not when the event happened. Their
 * e-mail switch for the event, a ban and a deactivation are read again by the e-mail job (a chat's e-mail waits
 * the batching delay, long enough for any of them to change).
 */

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ publicUrl: APP_URL });
});
afterAll(() => t?.close());

const emailOff = (userId: string, event: "sale" | "chat_message") =>
  savePreferences(t.database.db, userId, [{ event, in_app: true, email: false, push: true }]);

/** A chat message delivered in the app, its e-mail waiting for the batching delay. */
async function chatEmailWaiting(userId: string): Promise<void> {
  await chatMessageNow(t, userId, eventOf("chat_message", "Chatty listing").params);
  await runDueJobs(t);
}

async function afterTheDelay(): Promise<void> {
  t.clock.advance(t.config.chatEmailDelayMs);
  await runDueJobs(t);
}

describe("the user's e-mail switch", () => {
  it("off for an event: none of its e-mails, the other events' still come", async () => {
    const user = await createRecipient(t, { language: "en" });
    await emailOff(user.id, "sale");
    await notifyNow(t, user.id, eventOf("sale", "Muted sale"));
    await notifyNow(t, user.id, eventOf("product_approved", "Approved listing"));
    await runDueJobs(t);
    expect(onlyMailTo(t, user).subject).toBe("Listing approved: “Approved listing”");
  });

  it("turned off while the e-mail waited: it is not sent", async () => {
    const user = await createRecipient(t, { language: "ru" });
    const control = await createRecipient(t, { language: "ru" });
    await chatEmailWaiting(user.id);
    await chatEmailWaiting(control.id);
    await emailOff(user.id, "chat_message");
    await afterTheDelay();
    expect(t.mail.mailsTo(user.email)).toEqual([]);
    expect(onlyMailTo(t, control).subject).toBe("1 новое сообщение от buyer_bob");
  });
});

describe("banned and deactivated users", () => {
  it("get no e-mail when banned or deactivated before the event", async () => {
    const banned = await createRecipient(t, { language: "en", isBanned: true });
    const deactivated = await createRecipient(t, { language: "ru", isActive: false });
    for (const user of [banned, deactivated])
      await notifyNow(t, user.id, eventOf("dispute_resolved", "Disputed listing"));
    await runDueJobs(t);
    for (const user of [banned, deactivated]) expect(t.mail.mailsTo(user.email)).toEqual([]);
  });

  it("get no e-mail when banned or deactivated while it waited", async () => {
    const banned = await createRecipient(t, { language: "en" });
    const deactivated = await createRecipient(t, { language: "en" });
    await chatEmailWaiting(banned.id);
    await chatEmailWaiting(deactivated.id);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.id));
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.id));
    await afterTheDelay();
    for (const user of [banned, deactivated]) expect(t.mail.mailsTo(user.email)).toEqual([]);
  });
});
