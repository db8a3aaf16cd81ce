import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { jobs } from "../../db/schema/jobs.js";
import { createTestClock } from "../../test/test-clock.js";
import { createTestDatabase } from "../../test/test-database.js";
import {
  backoffMs,
  createJobRunner,
  enqueueJob,
  enqueueJobs,
  PermanentJobError,
  type JobHandler,
  type JobRunner,
} from "./job-queue.js";

/*
 * The queue's rules, one runner (or a few) at a time on one database; each test uses kinds of its own, so the
 * runners of one test never see another's jobs. Claims racing each other and leases: job-queue-leases.test.ts.
 */

let database: Database;
const clock = createTestClock();
const quiet = { warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const rowsOf = (kind: string) => database.db.select().from(jobs).where(eq(jobs.kind, kind));

function runnerOf(handlers: Record<string, JobHandler>): JobRunner {
  const runner = createJobRunner({ db: database.db, clock: clock.now, log: quiet });
  for (const [kind, handler] of Object.entries(handlers)) runner.handle(kind, handler);
  return runner;
}

/** A handler that records each payload it is given and fails while `failing` says so. */
function recorder(failing: () => Error | undefined = () => undefined) {
  const seen: unknown[] = [];
  const handler: JobHandler = async (payload) => {
    seen.push(payload);
    const error = failing();
    if (error) throw error;
  };
  return { seen, handler };
}

describe("running jobs", () => {
  it("runs a job once, not before its time, with its payload, and then removes it", async () => {
    const { seen, handler } = recorder();
    const runner = runnerOf({ "basic.once": handler });
    await enqueueJob(database.db, { kind: "basic.once", payload: { n: 1 } }, clock.now);
    await enqueueJob(
      database.db,
      { kind: "basic.once", payload: { n: 2 }, runAt: new Date(+clock.now() + 5_000) },
      clock.now,
    );

    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await runner.runDue()).toBe(0);
    clock.advance(4_999);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await rowsOf("basic.once")).toEqual([]);
  });

  it("never runs a job written in a transaction that rolled back, and runs the one whose transaction committed", async () => {
    const { seen, handler } = recorder();
    const runner = runnerOf({ "basic.outbox": handler });
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, { kind: "basic.outbox", payload: { sale: "rolled back" } }, clock.now);
        throw new Error("the purchase failed after its notification was written");
      }),
    ).rejects.toThrow("the purchase failed");
    await database.db.transaction((tx) =>
      enqueueJob(tx, { kind: "basic.outbox", payload: { sale: "committed" } }, clock.now),
    );

    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([{ sale: "committed" }]);
  });

  it("claims only the kinds it has handlers for", async () => {
    const mine = recorder();
    const theirs = recorder();
    await enqueueJobs(
      database.db,
      [
        { kind: "kinds.mine", payload: { n: 1 } },
        { kind: "kinds.theirs", payload: { n: 2 } },
      ],
      clock.now,
    );
    expect(await runnerOf({ "kinds.mine": mine.handler }).runDue()).toBe(1);
    expect(mine.seen).toEqual([{ n: 1 }]);
    // Left as it was written: not claimed, so not delayed by a lease either.
    expect(await rowsOf("kinds.theirs")).toEqual([expect.objectContaining({ attempts: 0, runAt: clock.now() })]);

    expect(await runnerOf({ "kinds.theirs": theirs.handler }).runDue()).toBe(1);
    expect(theirs.seen).toEqual([{ n: 2 }]);
  });
});

describe("keyed jobs", () => {
  it("stays single while it waits, retrying included, and can be enqueued again once it ran", async () => {
    let fail = true;
    const { seen, handler } = recorder(() => (fail ? new Error("SMTP is down") : undefined));
    const runner = runnerOf({ "keyed.chat": handler });
    const chatEmail = (n: number) => ({ kind: "keyed.chat", payload: { n }, key: "keyed:chat-1" });

    await enqueueJob(database.db, chatEmail(1), clock.now);
    await enqueueJobs(database.db, [chatEmail(2), chatEmail(3)], clock.now);
    expect(await rowsOf("keyed.chat")).toHaveLength(1);

    expect(await runner.runDue()).toBe(1);
    await enqueueJob(database.db, chatEmail(4), clock.now);
    expect(await rowsOf("keyed.chat")).toHaveLength(1);
    fail = false;
    clock.advance(backoffMs(1));
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }, { n: 1 }]);

    await enqueueJob(database.db, chatEmail(5), clock.now);
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }, { n: 1 }, { n: 5 }]);
    expect(await rowsOf("keyed.chat")).toEqual([]);
  });

  it("keeps a job that answers runAgainAt, key included, and runs it again then and not before", async () => {
    let runs = 0;
    const runner = runnerOf({
      "keyed.again": async () => {
        runs += 1;
        // What the job was about changed while it ran (a chat message came): once more, a minute on.
        if (runs === 1) return { runAgainAt: new Date(+clock.now() + 60_000) };
      },
    });
    await enqueueJob(database.db, { kind: "keyed.again", key: "keyed:again-1" }, clock.now);
    expect(await runner.runDue()).toBe(1);
    await enqueueJob(database.db, { kind: "keyed.again", key: "keyed:again-1" }, clock.now);
    expect(await rowsOf("keyed.again")).toHaveLength(1);

    clock.advance(59_999);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    expect(runs).toBe(2);
    expect(await rowsOf("keyed.again")).toEqual([]);
  });
});

describe("failures", () => {
  it("doubles the backoff from 10 s up to an hour", () => {
    expect([1, 2, 3, 4, 5].map(backoffMs)).toEqual([10_000, 20_000, 40_000, 80_000, 160_000]);
    expect(backoffMs(9)).toBe(2_560_000);
    expect(backoffMs(10)).toBe(3_600_000);
    expect(backoffMs(20)).toBe(3_600_000);
  });

  it("retries a failed job after backoffMs, counting attempts, and after maxAttempts keeps it failed, never claimed again", async () => {
    const { seen, handler } = recorder(() => new Error("SMTP is down"));
    const runner = runnerOf({ "failing.mail": handler });
    await enqueueJob(database.db, { kind: "failing.mail", maxAttempts: 3, key: "failing:1" }, clock.now);

    for (const attempt of [1, 2]) {
      expect(await runner.runDue()).toBe(1);
      expect(await rowsOf("failing.mail")).toEqual([
        expect.objectContaining({
          attempts: attempt,
          lastError: "SMTP is down",
          failedAt: null,
          runAt: new Date(+clock.now() + backoffMs(attempt)),
        }),
      ]);
      clock.advance(backoffMs(attempt) - 1);
      expect(await runner.runDue()).toBe(0);
      clock.advance(1);
    }
    expect(await runner.runDue()).toBe(1);
    const failedAt = clock.now();
    // Its key is given up, so the next job of that key is not held back by one nobody will run.
    expect(await rowsOf("failing.mail")).toEqual([
      expect.objectContaining({ attempts: 3, lastError: "SMTP is down", failedAt, key: null }),
    ]);

    clock.advance(24 * 3_600_000);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toHaveLength(3);
    await enqueueJob(database.db, { kind: "failing.mail", key: "failing:1" }, clock.now);
    expect(await rowsOf("failing.mail")).toHaveLength(2);
  });

  it("fails a job at once on PermanentJobError, and runs it once more when an operator says so", async () => {
    let gone = true;
    const { seen, handler } = recorder(() => (gone ? new PermanentJobError("the notification is gone") : undefined));
    const runner = runnerOf({ "failing.permanent": handler });
    await enqueueJob(database.db, { kind: "failing.permanent" }, clock.now);

    expect(await runner.runDue()).toBe(1);
    expect(await rowsOf("failing.permanent")).toEqual([
      expect.objectContaining({
        attempts: 1,
        maxAttempts: 20,
        lastError: "the notification is gone",
        failedAt: clock.now(),
      }),
    ]);
    clock.advance(24 * 3_600_000);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toHaveLength(1);

    // The statement of docs/operations.md "Job queue".
    gone = false;
    const [failed] = await rowsOf("failing.permanent");
    await database.db.execute(
      sql`update jobs set failed_at = null, run_at = now(), max_attempts = attempts + 1 where id = ${failed!.id}`,
    );
    expect(await runner.runDue()).toBe(1);
    expect(seen).toHaveLength(2);
    expect(await rowsOf("failing.permanent")).toEqual([]);
  });
});

describe("recurring jobs", () => {
  it("runs every everyMs, whatever the outcome, as one row however many instances call repeat", async () => {
    let fail = false;
    const { seen, handler } = recorder(() => (fail ? new Error("the provider is down") : undefined));
    const instances = [1, 2, 3].map(() => runnerOf({ "recurring.sweep": handler }));
    await Promise.all(instances.map((instance) => instance.repeat("recurring.sweep", 60_000)));
    await Promise.all(instances.map((instance) => instance.repeat("recurring.sweep", 60_000)));
    expect(await rowsOf("recurring.sweep")).toHaveLength(1);

    const runAll = async () =>
      (await Promise.all(instances.map((instance) => instance.runDue()))).reduce((a, b) => a + b);
    expect(await runAll()).toBe(1);
    expect(await runAll()).toBe(0);
    clock.advance(59_999);
    expect(await runAll()).toBe(0);
    clock.advance(1);
    fail = true;
    expect(await runAll()).toBe(1);
    // A failed round is the next round's to make up, not a backoff's, and never fails the job for good.
    expect(await rowsOf("recurring.sweep")).toEqual([
      expect.objectContaining({
        lastError: "the provider is down",
        failedAt: null,
        runAt: new Date(+clock.now() + 60_000),
      }),
    ]);
    fail = false;
    clock.advance(60_000);
    expect(await runAll()).toBe(1);
    expect(await rowsOf("recurring.sweep")).toEqual([expect.objectContaining({ lastError: null, everyMs: 60_000 })]);
    expect(seen).toHaveLength(3);
  });

  it("takes a shorter interval at once when an instance starts with one", async () => {
    const { seen, handler } = recorder();
    const runner = runnerOf({ "recurring.interval": handler });
    await runner.repeat("recurring.interval", 3_600_000);
    expect(await runner.runDue()).toBe(1);

    await runner.repeat("recurring.interval", 1_000);
    clock.advance(1_000);
    expect(await runner.runDue()).toBe(1);
    clock.advance(1_000);
    expect(await runner.runDue()).toBe(1);
    expect(seen).toHaveLength(3);
  });
});
