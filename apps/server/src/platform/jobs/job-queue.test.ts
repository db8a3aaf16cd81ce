import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { jobs } from "../../db/schema/jobs.js";
import { createTestClock, type TestClock } from "../../test/test-clock.js";
import { createTestDatabase } from "../../test/test-database.js";
import { createJobRunner, enqueueJob } from "./job-queue.js";

let database: Database;
let clock: TestClock;
const log = { warn: () => {}, error: () => {} };

beforeAll(async () => {
  database = await createTestDatabase();
  clock = createTestClock();
});
afterAll(() => database?.close());

describe("the job queue", () => {
  it("runs a job once, retries a failure after its backoff, and keeps a keyed job single", async () => {
    const runner = createJobRunner({ db: database.db, clock: clock.now, log });
    const seen: unknown[] = [];
    let fail = true;
    runner.handle("smoke", async (payload) => {
      seen.push(payload);
      if (fail) throw new Error("down");
    });
    await enqueueJob(database.db, { kind: "smoke", payload: { n: 1 }, key: "k" }, clock.now);
    await enqueueJob(database.db, { kind: "smoke", payload: { n: 2 }, key: "k" }, clock.now);
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await runner.runDue()).toBe(0);
    fail = false;
    clock.advance(10_000);
    expect(await runner.runDue()).toBe(1);
    expect(await database.db.select().from(jobs)).toEqual([]);
  });
});
