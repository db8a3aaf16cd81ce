import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../db/schema/users.js";
import { createAuthTestApp, type AuthTestApp } from "../../test/test-auth.js";
import { APP_URL, chatMessageNow, createRecipient, runDueJobs } from "../../test/test-notification-mail.js";
import { savePreferences } from "./notifications-preferences.service.js";
import { readChatNotifications } from "./notifications.service.js";

/*
 * Chat e-mails are batched: at most one per chat and recipient per NOTIFY_CHAT_EMAIL_DELAY_S, sent when the
 * delay after the first unread message is over, and only if the chat is still unread then. Time is the test's.
 */

const DELAY_MS = 600_000;
const MINUTE = 60_000;

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ publicUrl: APP_URL, chatEmailDelayMs: DELAY_MS });
});
afterAll(() => t?.close());

/** A message in the chat from `sender`, delivered as the chat module announces it. */
async function message(user: User, chatId: string, text: string, sender = "buyer_bob"): Promise<void> {
  await chatMessageNow(t, user.id, { chat_id: chatId, product_title: "Elden Ring key", sender_username: sender, text });
  await runDueJobs(t);
}

async function later(ms: number): Promise<void> {
  t.clock.advance(ms);
  await runDueJobs(t);
}

const subjectsTo = (user: User) => t.mail.mailsTo(user.email).map((mail) => mail.subject);

describe("chat e-mails", () => {
  it("several messages make one e-mail, when the delay after the first is over, with their count and the latest", async () => {
    const user = await createRecipient(t, { language: "en" });
    const chatId = randomUUID();
    await message(user, chatId, "Hi!");
    await later(MINUTE);
    await message(user, chatId, "Are you there?");
    await later(MINUTE);
    await message(user, chatId, "Still <available>?");
    await later(DELAY_MS - 2 * MINUTE - 1);
    expect(subjectsTo(user)).toEqual([]);

    await later(1);
    expect(subjectsTo(user)).toEqual(["3 new messages from buyer_bob"]);
    const [mail] = t.mail.mailsTo(user.email);
    expect(mail!.text).toContain("New messages: 3");
    expect(mail!.text).toContain("Latest message: Still <available>?");
    expect(mail!.html).toContain("Still &lt;available&gt;?");
    expect(mail!.text).toContain(`${APP_URL}/chats?chat=${chatId}`);

    await later(DELAY_MS * 3);
    expect(subjectsTo(user)).toHaveLength(1);
  });

  it("in Russian, with the plural form of the count", async () => {
    const user = await createRecipient(t, { language: "ru" });
    const chatId = randomUUID();
    for (const text of ["Привет", "Есть?"]) await message(user, chatId, text, "покупатель");
    await later(DELAY_MS);
    expect(subjectsTo(user)).toEqual(["2 новых сообщения от покупатель"]);
  });

  it("none when the chat is read before the delay is over", async () => {
    const user = await createRecipient(t, { language: "en" });
    const chatId = randomUUID();
    await message(user, chatId, "Hi!");
    await later(MINUTE);
    await t.database.db.transaction((tx) => readChatNotifications(tx, t.clock.now, user.id, chatId));
    await later(DELAY_MS * 2);
    expect(subjectsTo(user)).toEqual([]);
  });

  it("one more in the next window, for messages after the first e-mail", async () => {
    const user = await createRecipient(t, { language: "en" });
    const chatId = randomUUID();
    await message(user, chatId, "First");
    await later(DELAY_MS);
    expect(subjectsTo(user)).toEqual(["1 new message from buyer_bob"]);

    await later(MINUTE);
    await message(user, chatId, "Second");
    await later(MINUTE);
    await message(user, chatId, "Third");
    await later(DELAY_MS - MINUTE - 1);
    expect(subjectsTo(user)).toHaveLength(1);
    await later(1);
    // Still unread, the chat's row counts every message since it was last read.
    expect(subjectsTo(user)).toEqual(["1 new message from buyer_bob", "3 new messages from buyer_bob"]);
    expect(t.mail.mailsTo(user.email)[1]!.text).toContain("Latest message: Third");
  });

  it("a message that comes while the chat's e-mail is being sent gets the next one, a delay later", async () => {
    const user = await createRecipient(t, { language: "en" });
    const chatId = randomUUID();
    await message(user, chatId, "First");
    t.mail.beforeAccepting = async () => {
      t.mail.beforeAccepting = undefined;
      await chatMessageNow(t, user.id, {
        chat_id: chatId,
        product_title: "Elden Ring key",
        sender_username: "buyer_bob",
        text: "Second, while you were mailed",
      });
      // Its delivery runs at once (another instance would): the chat's e-mail job still holds the key, so the
      // message can queue no e-mail job of its own.
      await t.app.jobs.runDue();
    };
    await later(DELAY_MS);
    expect(subjectsTo(user)).toEqual(["1 new message from buyer_bob"]);
    await later(DELAY_MS - 1);
    expect(subjectsTo(user)).toHaveLength(1);
    await later(1);
    expect(subjectsTo(user)).toEqual(["1 new message from buyer_bob", "2 new messages from buyer_bob"]);
    expect(t.mail.mailsTo(user.email)[1]!.text).toContain("Latest message: Second, while you were mailed");
  });

  it("still comes for a user who keeps chat messages out of the app, while the chat is unread", async () => {
    const user = await createRecipient(t, { language: "en" });
    await savePreferences(t.database.db, user.id, [{ event: "chat_message", in_app: false, email: true, push: false }]);
    const chatId = randomUUID();
    await message(user, chatId, "Hi!");
    await later(DELAY_MS);
    expect(subjectsTo(user)).toEqual(["1 new message from buyer_bob"]);

    await message(user, chatId, "Again");
    await later(MINUTE);
    await t.database.db.transaction((tx) => readChatNotifications(tx, t.clock.now, user.id, chatId));
    await later(DELAY_MS);
    expect(subjectsTo(user)).toHaveLength(1);
  });

  it("one per chat: two chats with unread messages make two e-mails", async () => {
    const user = await createRecipient(t, { language: "en" });
    await message(user, randomUUID(), "About the key", "alice");
    await message(user, randomUUID(), "About the account", "carol");
    await later(DELAY_MS);
    expect(subjectsTo(user).sort()).toEqual(["1 new message from alice", "1 new message from carol"]);
  });
});
