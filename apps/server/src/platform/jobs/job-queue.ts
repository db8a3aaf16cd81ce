import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { jobs, type Job } from "../../db/schema/jobs.js";
import type { Clock } from "../time/clock.js";

/*
 * The durable job queue (ARCHITECTURE.md "Background work"), a SKIP LOCKED table rather than pg-boss: pg-boss needs
 * its own schema of functions and a pool of sessions, which the embedded PGlite does not give. Jobs are written in
 * the caller's transaction, so a job exists exactly when what caused it committed (the outbox), and run by any
 * instance that claims them; a claim is a lease, so a crash mid-run means one more run, never none.
 */

declare module "fastify" {
  interface FastifyInstance {
    /** The app's job runner: modules register handlers on it; tests run what is due with their own clock. */
    jobs: JobRunner;
  }
}

export type NewJobInput = {
  kind: string;
  payload?: Record<string, unknown>;
  /** Not before this time; now when absent. */
  runAt?: Date;
  /** While a job with this key waits, enqueueing another with it changes nothing (one e-mail per chat and delay). */
  key?: string;
  maxAttempts?: number;
};

/** Writes jobs in the caller's transaction (or alone); keyed ones already waiting are left as they are. */
export async function enqueueJobs(db: Db, input: readonly NewJobInput[], clock: Clock): Promise<void> {
  if (input.length === 0) return;
  const now = clock();
  await db
    .insert(jobs)
    .values(
      input.map((job) => ({
        kind: job.kind,
        payload: job.payload ?? {},
        runAt: job.runAt ?? now,
        key: job.key,
        maxAttempts: job.maxAttempts,
      })),
    )
    .onConflictDoNothing({ target: jobs.key });
}

export function enqueueJob(db: Db, input: NewJobInput, clock: Clock): Promise<void> {
  return enqueueJobs(db, [input], clock);
}

/**
 * A handler of one kind of job. It runs outside any transaction and must be safe to run twice (a crash mid-run).
 * Answering `runAgainAt` keeps the job (and its key) for another run then: what it was about changed while it ran.
 */
export type JobHandler = (
  payload: Record<string, unknown>,
  job: Pick<Job, "id" | "attempts">,
) => Promise<void | { runAgainAt: Date }>;

/** Thrown by a handler for a job that can never succeed (its subject is gone): the job fails without retries. */
export class PermanentJobError extends Error {}

export type JobRunnerOptions = {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
  /** How long a claimed job is someone's: past it, another instance runs it again. Longer than any handler's run. */
  leaseMs?: number;
  /** Jobs claimed per round, then run at once. */
  batchSize?: number;
};

export type JobRunner = {
  /** Registers the handler of a kind; an instance claims only kinds it has handlers for. */
  handle(kind: string, handler: JobHandler): void;
  /** Makes sure a recurring job exists (one per kind, across instances) and runs every `everyMs`. */
  repeat(kind: string, everyMs: number): Promise<void>;
  /**
   * Runs every job due now, round after round, until none is due (or `signal` is aborted: the round under way
   * finishes, no other begins); answers how many ran.
   */
  runDue(signal?: AbortSignal): Promise<number>;
};

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_BATCH = 10;
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_MAX_MS = 60 * 60_000;
const ERROR_TEXT_MAX = 1000;

/** 10 s, 20 s, 40 s … up to an hour: twenty attempts span about half a day. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, clock, log } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const handlers = new Map<string, JobHandler>();

  async function claim(): Promise<Job[]> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return [];
    const now = clock();
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(isNull(jobs.failedAt), lte(jobs.runAt, now), inArray(jobs.kind, kinds)))
      .orderBy(asc(jobs.runAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(jobs)
      .set({ runAt: new Date(now.getTime() + leaseMs), attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning();
  }

  /** Only the claim that ran the job settles it: `attempts` is the claim's token, so a stale worker changes nothing. */
  const claimed = (job: Job) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));

  async function settle(job: Job, error: unknown, runAgainAt?: Date): Promise<void> {
    const now = clock();
    if (error === undefined) {
      // A job run again, like a recurring one, keeps counting its claims: were they reset, an old claim's token
      // would come round again.
      if (runAgainAt) await db.update(jobs).set({ runAt: runAgainAt, lastError: null }).where(claimed(job));
      else if (job.everyMs === null) await db.delete(jobs).where(claimed(job));
      else
        await db
          .update(jobs)
          .set({ runAt: new Date(now.getTime() + job.everyMs), lastError: null })
          .where(claimed(job));
      return;
    }
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_MAX);
    const givenUp = job.everyMs === null && (error instanceof PermanentJobError || job.attempts >= job.maxAttempts);
    if (givenUp) log.error({ err: error, jobId: job.id, kind: job.kind }, "a job failed for good");
    else
      log.warn(
        { err: error, jobId: job.id, kind: job.kind, attempts: job.attempts },
        "a job failed; it will be retried",
      );
    const retryIn = job.everyMs === null ? backoffMs(job.attempts) : job.everyMs;
    // A job failed for good gives its key up: kept for an operator, it must not stop the next e-mail of its chat.
    await db
      .update(jobs)
      .set(givenUp ? { failedAt: now, key: null, lastError } : { runAt: new Date(now.getTime() + retryIn), lastError })
      .where(claimed(job));
  }

  async function run(job: Job): Promise<void> {
    let failure: unknown;
    let again: { runAgainAt: Date } | void = undefined;
    try {
      again = await handlers.get(job.kind)!(job.payload as Record<string, unknown>, job);
    } catch (error) {
      failure = error ?? new Error("the job failed");
    }
    await settle(job, failure, again?.runAgainAt);
  }

  return {
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    async repeat(kind, everyMs) {
      const now = clock();
      // A shorter interval than the stored one takes effect now, not after the old interval's wait.
      await db
        .insert(jobs)
        .values({ kind, key: `repeat:${kind}`, everyMs, runAt: now })
        .onConflictDoUpdate({
          target: jobs.key,
          set: { everyMs, runAt: sql`least(${jobs.runAt}, ${new Date(now.getTime() + everyMs)})` },
        });
    },
    async runDue(signal) {
      let ran = 0;
      while (!signal?.aborted) {
        const batch = await claim();
        // Every run of the round settles before the round ends, even when one settle fails (closing awaits them).
        const settled = await Promise.allSettled(batch.map(run));
        ran += batch.length;
        const failed = settled.find((result): result is PromiseRejectedResult => result.status === "rejected");
        if (failed) throw failed.reason;
        if (batch.length < batchSize) break;
      }
      return ran;
    },
  };
}

/**
 * Polls for due jobs every `pollMs` until the app closes; a slow round is never overlapped, and closing waits for
 * the round under way (a job cut short by a kill is run again after its lease).
 */
export function startJobWorker(
  app: FastifyInstance,
  runner: JobRunner,
  { pollMs, log }: { pollMs: number; log: Pick<FastifyBaseLogger, "error"> },
): void {
  let running: Promise<void> | undefined;
  const closing = new AbortController();
  const timer = setInterval(() => {
    running ??= runner
      .runDue(closing.signal)
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, "the job queue could not be read"),
      )
      .finally(() => {
        running = undefined;
      });
  }, pollMs);
  timer.unref();
  // Before every onClose hook, whoever registered it: the round's jobs may still use the mailer, Redis, the sockets.
  app.addHook("preClose", async () => {
    clearInterval(timer);
    closing.abort();
    await running;
  });
}
