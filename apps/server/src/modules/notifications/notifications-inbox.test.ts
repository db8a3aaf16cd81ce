import { randomUUID } from "node:crypto";
import type { Notification, NotificationEvent } from "@lootlane/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { listenOnFreePort, nextEvent, pause, QUIET_MS, recordEvents } from "../../test/test-chats.js";
import { createTestClock } from "../../test/test-clock.js";
import { failure } from "../../test/test-money.js";
import { notificationPageOf, notificationsOf, unreadCountOf } from "../../test/test-notifications.js";
import { testPeople, type Person } from "../../test/test-people.js";
import { notify } from "./notifications.service.js";

/*
 * The bell's API: the list paged newest first by an opaque cursor, the unread count, reading some rows or all of
 * them (only one's own, the user's other tabs told), and what the delivery job shows live. Rows are written with
 * notify(), as every module writes them, at times the test clock sets.
 */

const clock = createTestClock();
let t: TestApp;
const { person, connect, closeSockets } = testPeople("ni", () => t);

beforeAll(async () => {
  t = await createTestApp({}, { clock: clock.now });
  await listenOnFreePort(t.app);
});
afterEach(closeSockets);
afterAll(() => t.close());

const topUp = (amount: number): NotificationEvent => ({
  event: "top_up_credited",
  params: { top_up_id: randomUUID(), amount },
});

/** Writes the events for the user in order, `gapMs` after one another (0: several at one moment). */
async function written(who: Person, events: NotificationEvent[], gapMs = 1000): Promise<void> {
  for (const event of events) {
    clock.advance(gapMs);
    await notify(t.database.db, clock.now, who.user.id, event);
  }
}

const amounts = (rows: Notification[]) => rows.map((row) => (row.params as { amount: number }).amount);

describe("the list", () => {
  it("pages newest first by its cursor, through rows written at the same moment, each row once", async () => {
    const reader = await person();
    await written(reader, [topUp(1), topUp(2)]);
    // Three rows of one moment, a second after the second row (with no gap before, the second would share it).
    clock.advance(1000);
    await written(reader, [topUp(3), topUp(4), topUp(5)], 0);
    await written(reader, [topUp(6), topUp(7)]);

    const seen: Notification[] = [];
    let cursor: string | null = null;
    do {
      const page = await notificationPageOf(reader.client, `?limit=3${cursor ? `&before=${cursor}` : ""}`);
      expect(page.notifications.length).toBeLessThanOrEqual(3);
      expect(page.unread_count).toBe(7);
      seen.push(...page.notifications);
      cursor = page.next_cursor;
    } while (cursor !== null);

    expect(seen).toHaveLength(7);
    expect(new Set(seen.map((row) => row.id)).size).toBe(7);
    expect(amounts(seen.slice(0, 2))).toEqual([7, 6]);
    expect(amounts(seen.slice(2, 5)).sort()).toEqual([3, 4, 5]);
    expect(amounts(seen.slice(5))).toEqual([2, 1]);
    expect(seen.map((row) => row.created_at)).toEqual(
      [...seen.map((row) => row.created_at)].sort((a, b) => b.localeCompare(a)),
    );
  });

  it("ends with a null cursor, holds only the user's own rows, and refuses a cursor it did not give", async () => {
    const reader = await person();
    const other = await person();
    await written(reader, [topUp(10)]);
    await written(other, [topUp(20)]);
    expect(await notificationPageOf(reader.client)).toMatchObject({
      notifications: [{ event: "top_up_credited", params: { amount: 10 } }],
      next_cursor: null,
      unread_count: 1,
    });
    expect(failure(await reader.client.get("/v1/notifications?before=not-a-cursor"))).toEqual([
      422,
      "VALIDATION_ERROR",
    ]);
    expect(failure(await reader.client.get("/v1/notifications?limit=51"))).toEqual([422, "VALIDATION_ERROR"]);
  });
});

describe("reading", () => {
  it("reads the given rows of one's own only, answers the count left and tells one's other tabs", async () => {
    const reader = await person();
    const other = await person();
    await written(reader, [topUp(1), topUp(2), topUp(3)]);
    await written(other, [topUp(4)]);
    const [third, second] = await notificationsOf(reader.client);
    const [othersRow] = await notificationsOf(other.client);
    const otherTab = await connect(reader);
    const told = nextEvent(otherTab, "notifications_read");

    const read = await reader.client.post("/v1/notifications/read", {
      ids: [third!.id, second!.id, othersRow!.id, randomUUID()],
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ unread_count: 1 });
    expect(await told).toEqual({ unread_count: 1 });
    expect((await notificationsOf(reader.client)).map((row) => row.read)).toEqual([true, true, false]);
    expect(await notificationsOf(other.client)).toMatchObject([{ id: othersRow!.id, read: false }]);
    expect(await unreadCountOf(other.client)).toBe(1);
  });

  it("reads all of one's own at once, and nobody else's", async () => {
    const reader = await person();
    const other = await person();
    await written(reader, [topUp(1), topUp(2)]);
    await written(other, [topUp(3)]);
    const read = await reader.client.post("/v1/notifications/read", { all: true });
    expect(read.json()).toEqual({ unread_count: 0 });
    expect(await unreadCountOf(reader.client)).toBe(0);
    expect(await unreadCountOf(other.client)).toBe(1);
  });

  it("refuses a body that is neither ids nor all", async () => {
    const reader = await person();
    for (const body of [{}, { ids: [] }, { ids: ["nope"] }, { all: false }, { all: true, ids: [randomUUID()] }])
      expect(failure(await reader.client.post("/v1/notifications/read", body))).toEqual([422, "VALIDATION_ERROR"]);
  });
});

describe("live delivery", () => {
  it("shows a new row on the user's tabs with the unread count when the delivery job runs", async () => {
    const reader = await person();
    const socket = await connect(reader);
    const shown = nextEvent(socket, "notification");
    await written(reader, [topUp(42)]);
    await t.app.jobs.runDue();
    expect(await shown).toMatchObject({
      notification: { event: "top_up_credited", params: { amount: 42 }, read: false, count: 1, link: "/wallet" },
      unread_count: 1,
    });
  });

  it("shows nothing of an event the user keeps out of the app: not live, not in the list, not in the count", async () => {
    const reader = await person();
    const off = await reader.client.request("PUT", "/v1/notifications/preferences", {
      preferences: [{ event: "top_up_credited", in_app: false, email: false, push: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
    const socket = await connect(reader);
    const received = recordEvents(socket, "notification");
    await written(reader, [topUp(7)]);
    await t.app.jobs.runDue();
    await pause(QUIET_MS);
    expect(received).toEqual([]);
    expect(await notificationsOf(reader.client)).toEqual([]);
    expect(await unreadCountOf(reader.client)).toBe(0);
  });
});
