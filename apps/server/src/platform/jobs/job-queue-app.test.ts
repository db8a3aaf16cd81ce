import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/client.js";
import { jobs } from "../../db/schema/jobs.js";
import { AUTO_CONFIRM_JOB } from "../../modules/deals/deals.sweeper.js";
import { startChatServer } from "../../test/test-chats.js";
import { createTestClock } from "../../test/test-clock.js";
import { createTestDatabase } from "../../test/test-database.js";
import { enqueueJob, enqueueJobs } from "./job-queue.js";

/*
 * The queue inside running apps, on a database the test owns, so one app can close and another start on the same
 * data. An app meant to run jobs polls every few milliseconds; one that must not, once an hour.
 */

const POLL_MS = 20;
const NEVER_MS = 3_600_000;
let database: Database;
const clock = createTestClock();

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const rowsOf = (kind: string) => database.db.select().from(jobs).where(eq(jobs.kind, kind));

describe("the job queue in the app", () => {
  it("runs a job enqueued before an app closed in the next app started on the same database", async () => {
    const first = await startChatServer(database, { jobsPollMs: NEVER_MS }, clock.now);
    const seen: unknown[] = [];
    first.app.jobs.handle("restart.mail", async (payload) => {
      seen.push(payload);
    });
    await enqueueJob(database.db, { kind: "restart.mail", payload: { to: "seller" } }, clock.now);
    await first.close();
    expect(seen).toEqual([]);

    const second = await startChatServer(database, { jobsPollMs: POLL_MS }, clock.now);
    try {
      second.app.jobs.handle("restart.mail", async (payload) => {
        seen.push(payload);
      });
      await vi.waitFor(() => expect(seen).toEqual([{ to: "seller" }]));
      await vi.waitFor(async () => expect(await rowsOf("restart.mail")).toEqual([]));
      // Both apps scheduled the sweep; it is still one recurring job.
      expect(await rowsOf(AUTO_CONFIRM_JOB)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("goes on running other kinds while a kind with a lane of its own waits on a slow job", async () => {
    const server = await startChatServer(database, { jobsPollMs: POLL_MS }, clock.now);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let slowStarted = false;
    const quick: unknown[] = [];
    try {
      server.app.jobs.handle(
        "lane.hook",
        async () => {
          slowStarted = true;
          await released;
        },
        { concurrency: 1 },
      );
      server.app.jobs.handle("lane.mail", async (payload) => {
        quick.push(payload);
      });
      await enqueueJob(database.db, { kind: "lane.hook" }, clock.now);
      await vi.waitFor(() => expect(slowStarted).toBe(true));

      await enqueueJob(database.db, { kind: "lane.mail", payload: { to: "buyer" } }, clock.now);
      // A few polls' time; before lanes, it waited for the slow job however long that took.
      await vi.waitFor(() => expect(quick).toEqual([{ to: "buyer" }]), { timeout: 5_000 });
      expect(await rowsOf("lane.hook")).toHaveLength(1);
    } finally {
      release();
      await server.close();
    }
    expect(await rowsOf("lane.hook")).toEqual([]);
  });

  it("closing an app waits for the round under way and starts no other", async () => {
    const server = await startChatServer(database, { jobsPollMs: POLL_MS }, clock.now);
    let started!: () => void;
    const roundStarted = new Promise<void>((resolve) => (started = resolve));
    let finished = 0;
    server.app.jobs.handle("closing.mail", async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished += 1;
    });
    // One more than a round claims (10), so a round after this one would have work.
    await enqueueJobs(
      database.db,
      Array.from({ length: 11 }, (_, n) => ({ kind: "closing.mail", payload: { n } })),
      clock.now,
    );

    await roundStarted;
    await server.close();
    expect(finished).toBe(10);
    expect(await rowsOf("closing.mail")).toEqual([expect.objectContaining({ attempts: 0 })]);
  });
});
