import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { jobs } from "../../db/schema/jobs.js";
import { createTestClock } from "../../test/test-clock.js";
import { createTestDatabase } from "../../test/test-database.js";
import { createJobRunner, enqueueJob, enqueueJobs, type JobHandler, type JobRunner } from "./job-queue.js";

/*
 * Runners of several instances on one database: claims racing each other (on PostgreSQL each runner's queries go
 * over connections of their own, so the claims really overlap), and leases of workers that died or stalled.
 */

let database: Database;
const clock = createTestClock();
const quiet = { warn: () => undefined, error: () => undefined };
const LEASE_MS = 30_000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const rowsOf = (kind: string) => database.db.select().from(jobs).where(eq(jobs.kind, kind));

function runnerOf(kind: string, handler: JobHandler, batchSize?: number): JobRunner {
  const runner = createJobRunner({ db: database.db, clock: clock.now, log: quiet, leaseMs: LEASE_MS, batchSize });
  runner.handle(kind, handler);
  return runner;
}

/**
 * A handler whose `heldRun`th run stops inside until the test lets it go (a worker stalled, or dead, for as long as
 * the test wants); its other runs end at once.
 */
function heldHandler(heldRun = 1) {
  let entered!: () => void;
  const started = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let runs = 0;
  const handler: JobHandler = async () => {
    runs += 1;
    if (runs !== heldRun) return;
    entered();
    await released;
  };
  return { handler, started, release };
}

describe("several runners at once", () => {
  it("runs each of hundreds of jobs exactly once while four runners claim in parallel", async () => {
    const JOBS = 400;
    const runs = new Map<number, number>();
    const ranBy = [0, 0, 0, 0];
    const runners = ranBy.map((_, index) =>
      runnerOf(
        "race.job",
        async (payload) => {
          const n = payload.n as number;
          runs.set(n, (runs.get(n) ?? 0) + 1);
          ranBy[index]! += 1;
          // A round trip to the database, so the runners' claims and settles interleave.
          await database.db.execute(sql`select 1`);
        },
        7,
      ),
    );
    await enqueueJobs(
      database.db,
      Array.from({ length: JOBS }, (_, n) => ({ kind: "race.job", payload: { n } })),
      clock.now,
    );

    const ran = await Promise.all(runners.map((runner) => runner.runDue()));
    expect(ran.reduce((a, b) => a + b)).toBe(JOBS);
    expect(runs.size).toBe(JOBS);
    expect([...runs.values()].filter((count) => count !== 1)).toEqual([]);
    expect(
      ranBy.every((count) => count > 0),
      `jobs per runner: ${ranBy.join(", ")}`,
    ).toBe(true);
    expect(await rowsOf("race.job")).toEqual([]);
  });
});

describe("leases", () => {
  it("runs a job whose worker died again once its lease is over and not before, and the stale worker's settle changes nothing", async () => {
    const dead = heldHandler();
    const next = heldHandler();
    const deadWorker = runnerOf("lease.job", dead.handler);
    const nextWorker = runnerOf("lease.job", next.handler);
    await enqueueJob(database.db, { kind: "lease.job" }, clock.now);

    const deadRun = deadWorker.runDue();
    await dead.started;
    expect(await nextWorker.runDue()).toBe(0);
    clock.advance(LEASE_MS - 1);
    expect(await nextWorker.runDue()).toBe(0);
    clock.advance(1);
    const nextRun = nextWorker.runDue();
    await next.started;
    const claimedAgain = { attempts: 2, runAt: new Date(+clock.now() + LEASE_MS) };
    expect(await rowsOf("lease.job")).toEqual([expect.objectContaining(claimedAgain)]);

    // The stalled worker wakes up and finishes: had its settle counted, the job would be gone while the newer
    // claim still runs it, and a failure of that run would never be retried.
    dead.release();
    expect(await deadRun).toBe(1);
    expect(await rowsOf("lease.job")).toEqual([expect.objectContaining(claimedAgain)]);
    expect(await runnerOf("lease.job", async () => undefined).runDue()).toBe(0);

    next.release();
    expect(await nextRun).toBe(1);
    expect(await rowsOf("lease.job")).toEqual([]);
  });

  it("keeps a recurring job's claims apart: a stale worker's settle never shortens a later claim", async () => {
    const EVERY_MS = 1_000;
    const dead = heldHandler();
    const later = heldHandler(2);
    const deadWorker = runnerOf("lease.recurring", dead.handler);
    await deadWorker.repeat("lease.recurring", EVERY_MS);
    const deadRun = deadWorker.runDue();
    await dead.started;

    clock.advance(LEASE_MS);
    const nextWorker = runnerOf("lease.recurring", later.handler);
    expect(await nextWorker.runDue()).toBe(1);
    clock.advance(EVERY_MS);
    const laterRun = nextWorker.runDue();
    await later.started;
    const laterClaim = { runAt: new Date(+clock.now() + LEASE_MS) };
    expect(await rowsOf("lease.recurring")).toEqual([expect.objectContaining(laterClaim)]);

    dead.release();
    expect(await deadRun).toBe(1);
    expect(await rowsOf("lease.recurring")).toEqual([expect.objectContaining(laterClaim)]);
    clock.advance(EVERY_MS);
    expect(await runnerOf("lease.recurring", async () => undefined).runDue()).toBe(0);

    later.release();
    expect(await laterRun).toBe(1);
    expect(await rowsOf("lease.recurring")).toEqual([
      expect.objectContaining({ runAt: new Date(+clock.now() + EVERY_MS) }),
    ]);
  });
});
