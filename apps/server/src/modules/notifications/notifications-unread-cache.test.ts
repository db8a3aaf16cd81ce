import { randomUUID } from "node:crypto";
import type { NotificationEvent } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../platform/time/clock.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";
import { readAcrossWrite } from "../../test/test-cached-reads.js";
import { unreadCountOf } from "../../test/test-notifications.js";
import { testPeople } from "../../test/test-people.js";
import { withTwoInstances, twoInstancesPossible } from "../../test/test-two-instances.js";
import { createTestUser, signInAs } from "../../test/test-users.js";
import { notify } from "./notifications.service.js";

/*
 * The bell's number is answered from memory (notifications-unread.cache.ts). Each case asks first, so the number
 * is cached, then writes the user's rows, as every module does (notify) or through the API, and asks again.
 */

let t: TestApp;
const { person } = testPeople("unread_cache", () => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const topUp = (): NotificationEvent => ({
  event: "top_up_credited",
  params: { top_up_id: randomUUID(), amount: 100 },
});

describe("the unread count after the user's rows changed", () => {
  it("counts a new row, written alone or in another module's transaction, and rows read", async () => {
    const reader = await person();
    expect(await unreadCountOf(reader.client)).toBe(0);

    await notify(t.database.db, systemClock, reader.user.id, topUp());
    expect(await unreadCountOf(reader.client)).toBe(1);
    await t.database.db.transaction((tx) => notify(tx, systemClock, reader.user.id, topUp()));
    expect(await unreadCountOf(reader.client)).toBe(2);

    expect((await reader.client.post("/v1/notifications/read", { all: true })).statusCode).toBe(200);
    expect(await unreadCountOf(reader.client)).toBe(0);
  });

  it("never keeps a count read while the row's transaction was still uncommitted", async () => {
    const reader = await person();
    for (let round = 1; round <= 10; round += 1)
      expect(
        await readAcrossWrite(
          () => unreadCountOf(reader.client),
          () => t.database.db.transaction((tx) => notify(tx, systemClock, reader.user.id, topUp())),
        ),
      ).toBe(round);
  });
});

describe.runIf(twoInstancesPossible)("two instances on one PostgreSQL and Redis", () => {
  it("a row written through instance A counts in instance B's cached number", () =>
    withTwoInstances(async (a, b) => {
      const member = await createTestUser(a.database.db, { username: "unread_cache_two_inst" });
      const onB = await signInAs(b, member);
      expect(await unreadCountOf(onB)).toBe(0);
      await notify(a.database.db, systemClock, member.id, topUp());
      // The message crosses Redis asynchronously: B counts anew once it has arrived.
      await expect.poll(() => unreadCountOf(onB), { timeout: 5000, interval: 50 }).toBe(1);
    }));
});
