import { randomUUID } from "node:crypto";
import type { NotificationEvent } from "@lootlane/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { notifications, pushSubscriptions } from "../../db/schema/notifications.js";
import { users } from "../../db/schema/users.js";
import { backoffMs } from "../../platform/jobs/job-queue.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { createTestClock } from "../../test/test-clock.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { startTestPushService, type TestPushService } from "../../test/test-push-service.js";
import { savePreferences } from "./notifications-preferences.service.js";
import { CHAT_PUSH_DELAY_MS } from "./notifications.jobs.js";
import { notify, notifyChatMessage, readChatNotifications } from "./notifications.service.js";

const clock = createTestClock();
let t: TestApp;
let push: TestPushService;
const people = testPeople("pushed", () => t);

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.now });
  push = await startTestPushService();
});
afterEach(() => expect(push.refusals).toEqual([]));
afterAll(async () => {
  await t.close();
  await push.close();
});

/** A browser of the person that turned pushes on: subscribed with the server's key and sent to our route. */
async function browserOf(person: Person): Promise<string> {
  const key = (await person.client.get("/v1/notifications/push/key")).json() as { public_key: string };
  const subscription = push.subscribe(key.public_key);
  const response = await person.client.post("/v1/notifications/push/subscriptions", subscription);
  expect(response.statusCode, response.body).toBe(200);
  return subscription.endpoint;
}

/** What the queue would do by itself: every job due now, and those they queue for now. */
async function runJobs(): Promise<void> {
  while ((await t.app.jobs.runDue()) > 0);
}

async function event(userId: string, what: NotificationEvent): Promise<void> {
  await t.database.db.transaction((tx) => notify(tx, clock.now, userId, what));
}

async function onlyRowOf(userId: string): Promise<string> {
  const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

const approved = (title: string): NotificationEvent => ({
  event: "product_approved",
  params: { product_id: "6f1c1b7e-4d8e-4a47-9a55-0d7f7f0b8a11", product_title: title },
});

describe("web push delivery", () => {
  it("pushes a notification to each of the user's browsers in their language, signed and encrypted", async () => {
    const [seller, russian] = [await people.person(), await people.person()];
    await t.database.db.update(users).set({ language: "ru" }).where(eq(users.id, russian.user.id));
    const [phone, laptop, russians] = [await browserOf(seller), await browserOf(seller), await browserOf(russian)];

    await event(seller.user.id, approved("Gold pack"));
    await event(russian.user.id, approved("Золото"));
    await runJobs();
    const [id, russianId] = [await onlyRowOf(seller.user.id), await onlyRowOf(russian.user.id)];

    const expected = {
      message: {
        title: "Listing approved: “Gold pack”",
        body: "It passed moderation and is on sale now.",
        url: "/product/6f1c1b7e-4d8e-4a47-9a55-0d7f7f0b8a11",
        tag: id,
      },
      ttl: 24 * 3600,
      urgency: "normal",
      topic: undefined,
    };
    expect(push.received(phone)).toEqual([expected]);
    expect(push.received(laptop)).toEqual([expected]);
    expect(push.received(russians)).toEqual([
      {
        ...expected,
        message: {
          title: "Товар одобрен: «Золото»",
          body: "Модерация пройдена, товар в продаже.",
          url: "/product/6f1c1b7e-4d8e-4a47-9a55-0d7f7f0b8a11",
          tag: russianId,
        },
      },
    ]);
  });

  it("removes a browser whose push service answers that it is gone, and pushes there no more", async () => {
    const person = await people.person();
    const [gone, kept] = [await browserOf(person), await browserOf(person)];
    push.answer(gone, 410);
    await event(person.user.id, approved("First"));
    await runJobs();
    const left = await t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, person.user.id));
    expect(left).toEqual([{ endpoint: kept }]);

    await event(person.user.id, approved("Second"));
    await runJobs();
    expect(push.attempts(gone)).toBe(1);
    expect(push.received(kept).map((push) => (push.message as { title: string }).title)).toEqual([
      "Listing approved: “First”",
      "Listing approved: “Second”",
    ]);
  });

  it("retries a browser whose push service is down, never pushing again to a browser that got it", async () => {
    const person = await people.person();
    const [up, down] = [await browserOf(person), await browserOf(person)];
    push.answer(down, 500);
    await event(person.user.id, approved("Retried"));
    await runJobs();
    expect([push.received(up).length, push.attempts(down)]).toEqual([1, 1]);

    clock.advance(backoffMs(1));
    await runJobs();
    expect([push.attempts(up), push.attempts(down), push.received(down).length]).toEqual([1, 2, 0]);

    push.answer(down, 201);
    clock.advance(backoffMs(2));
    await runJobs();
    expect([push.attempts(up), push.received(down).length]).toEqual([1, 1]);
    clock.advance(backoffMs(3));
    await runJobs();
    expect([push.attempts(up), push.attempts(down)]).toEqual([1, 3]);
  });

  it("pushes nothing of an event the user turned pushes off for, and still the others", async () => {
    const person = await people.person();
    const browser = await browserOf(person);
    await savePreferences(t.database.db, person.user.id, [
      { event: "product_approved", in_app: true, email: true, push: false },
    ]);
    await event(person.user.id, approved("Quiet"));
    await event(person.user.id, {
      event: "product_rejected",
      params: { product_id: randomUUID(), product_title: "Loud", reason: "No screenshots" },
    });
    await runJobs();
    expect(push.received(browser).map((push) => (push.message as { title: string }).title)).toEqual([
      "Listing rejected: “Loud”",
    ]);
  });

  it("pushes a chat only while its messages are unread, once per delay, with their count", async () => {
    const reader = await people.person();
    const browser = await browserOf(reader);
    const chatId = randomUUID();
    const message = (text: string) =>
      t.database.db.transaction((tx) =>
        notifyChatMessage(
          tx,
          clock.now,
          reader.user.id,
          {
            chat_id: chatId,
            product_title: "Boost",
            sender_username: "bob",
            text,
          },
          { id: randomUUID(), text },
        ),
      );
    await message("hi");
    await message("are you there?");
    await runJobs();
    expect(push.attempts(browser)).toBe(0);

    clock.advance(CHAT_PUSH_DELAY_MS);
    await runJobs();
    expect(push.received(browser)).toEqual([
      {
        message: {
          title: "2 new messages from bob",
          body: "“Boost”: are you there?",
          url: `/chats?chat=${chatId}`,
          tag: `chat:${chatId}`,
        },
        ttl: 24 * 3600,
        urgency: "high",
        topic: chatId.replaceAll("-", ""),
      },
    ]);

    await t.database.db.transaction((tx) => readChatNotifications(tx, clock.now, reader.user.id, chatId));
    await message("one more");
    await runJobs();
    await t.database.db.transaction((tx) => readChatNotifications(tx, clock.now, reader.user.id, chatId));
    clock.advance(CHAT_PUSH_DELAY_MS);
    await runJobs();
    expect(push.attempts(browser)).toBe(1);
    const unread = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, reader.user.id), eq(notifications.chatId, chatId)));
    expect(unread.every((row) => row.readAt !== null)).toBe(true);
  });
});
