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
export type JobHandler = (payload: Record<string, unknown>, job: ClaimedJob) => Promise<void | { runAgainAt: Date }>;

/** The claim a handler runs under: the job's id and its claim token. */
export type ClaimedJob = Pick<Job, "id" | "attempts">;

export type HandlerOptions = {
  /**
   * At most this many jobs of the kind claimed per round, and so running at once in one instance. One for work
   * that a crash must not repeat more than once, such as e-mails: only the one in hand can go twice. Such a kind is
   * also a lane of its own (JobRunner.runDue): give one to work that waits on someone else's server, so its slow
   * runs hold back no other kind.
   */
  concurrency?: number;
};

/**
 * Ends a one-off job inside the handler's own transaction, so the job's writes and its end commit together: a crash
 * before the commit leaves neither, one after it leaves nothing to run again. Throws, rolling the transaction back,
 * when the claim is no longer the handler's (its lease ran out and another worker took the job).
 */
export async function completeJob(tx: Db, job: ClaimedJob): Promise<void> {
  const ended = await tx
    .delete(jobs)
    .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts)))
    .returning({ id: jobs.id });
  if (ended.length === 0) throw new Error(`job ${job.id} was claimed again by another worker`);
}

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
  handle(kind: string, handler: JobHandler, options?: HandlerOptions): void;
  /** Makes sure a recurring job exists (one per kind, across instances) and runs every `everyMs`. */
  repeat(kind: string, everyMs: number): Promise<void>;
  /**
   * Runs every job due now, round after round, until none is due (or `signal` is aborted: the round under way
   * finishes, no other begins); answers how many ran. Each lane (the kinds without a concurrency of their own, and
   * each kind with one) goes round by itself, and a lane still running from an earlier call is left to it, so a
   * round waiting for a slow job holds up only its own lane.
   */
  runDue(signal?: AbortSignal): Promise<number>;
};

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_BATCH = 10;
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_MAX_MS = 60 * 60_000;
const ERROR_TEXT_MAX = 1000;
/** The lane of every kind without a concurrency of its own. */
const OPEN_LANE = Symbol("kinds without a concurrency of their own");

function throwFirstFailure(settled: PromiseSettledResult<unknown>[]): void {
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) throw failed.reason;
}

/** 10 s, 20 s, 40 s … up to an hour: twenty attempts span about half a day. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, clock, log } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const handlers = new Map<string, JobHandler>();
  /** Kinds claimed a few at a time (HandlerOptions.concurrency), each apart from the rest. */
  const limits = new Map<string, number>();

  async function claimOf(kinds: string[], limit: number, now: Date): Promise<Job[]> {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(isNull(jobs.failedAt), lte(jobs.runAt, now), inArray(jobs.kind, kinds)))
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    return db
      .update(jobs)
      .set({ runAt: new Date(now.getTime() + leaseMs), attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning();
  }

  type Lane = { key: string | typeof OPEN_LANE; kinds: string[]; limit: number };

  function lanes(): Lane[] {
    const limited = [...limits].map(([kind, limit]): Lane => ({ key: kind, kinds: [kind], limit }));
    const open = [...handlers.keys()].filter((kind) => !limits.has(kind));
    return open.length > 0 ? [{ key: OPEN_LANE, kinds: open, limit: batchSize }, ...limited] : limited;
  }

  /** Lanes some call of runDue is going round now. */
  const busy = new Set<Lane["key"]>();

  /** A lane's rounds until one claims less than it may (nothing more is due); answers how many jobs ran. */
  async function drain({ kinds, limit }: Lane, signal: AbortSignal | undefined): Promise<number> {
    let ran = 0;
    while (!signal?.aborted) {
      const at = clock();
      const batch = await claimOf(kinds, limit, at);
      // Every run of the round settles before the round ends, even when one settle fails (closing awaits them).
      const settled = await Promise.allSettled(batch.map((job) => run(job, at)));
      ran += batch.length;
      throwFirstFailure(settled);
      if (batch.length < limit) break;
    }
    return ran;
  }

  /** Only the claim that ran the job settles it: `attempts` is the claim's token, so a stale worker changes nothing. */
  const claimed = (job: Job) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));

  /**
   * A recurring job's next run counts from its claim, not its end: every `everyMs` as promised however long a run
   * takes, and a change seen after the run began (a deal came due) waits one interval at most.
   */
  async function settle(job: Job, claimedAt: Date, error: unknown, runAgainAt?: Date): Promise<void> {
    const now = clock();
    const nextRun = job.everyMs === null ? undefined : new Date(claimedAt.getTime() + job.everyMs);
    if (error === undefined) {
      // A job run again, like a recurring one, keeps counting its claims: were they reset, an old claim's token
      // would come round again.
      if (runAgainAt) await db.update(jobs).set({ runAt: runAgainAt, lastError: null }).where(claimed(job));
      else if (job.everyMs === null) await db.delete(jobs).where(claimed(job));
      else await db.update(jobs).set({ runAt: nextRun, lastError: null }).where(claimed(job));
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
    const retryAt = nextRun ?? new Date(now.getTime() + backoffMs(job.attempts));
    // A job failed for good gives its key up: kept for an operator, it must not stop the next e-mail of its chat.
    await db
      .update(jobs)
      .set(givenUp ? { failedAt: now, key: null, lastError } : { runAt: retryAt, lastError })
      .where(claimed(job));
  }

  async function run(job: Job, claimedAt: Date): Promise<void> {
    let failure: unknown;
    let again: { runAgainAt: Date } | void = undefined;
    try {
      again = await handlers.get(job.kind)!(job.payload as Record<string, unknown>, job);
    } catch (error) {
      failure = error ?? new Error("the job failed");
    }
    await settle(job, claimedAt, failure, again?.runAgainAt);
  }

  return {
    handle(kind, handler, { concurrency } = {}) {
      handlers.set(kind, handler);
      if (concurrency === undefined) limits.delete(kind);
      else limits.set(kind, concurrency);
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
      const idle = lanes().filter((lane) => !busy.has(lane.key));
      for (const lane of idle) busy.add(lane.key);
      const settled = await Promise.allSettled(
        idle.map((lane) => drain(lane, signal).finally(() => busy.delete(lane.key))),
      );
      throwFirstFailure(settled);
      return settled.reduce((sum, result) => sum + (result.status === "fulfilled" ? result.value : 0), 0);
    },
  };
}

/**
 * Polls for due jobs every `pollMs` until the app closes. Each poll goes round the lanes no earlier poll is still
 * going round (JobRunner.runDue), so a lane is never overlapped and a slow one holds up no other; closing waits for
 * the rounds under way (a job cut short by a kill is run again after its lease).
 */
export function startJobWorker(
  app: FastifyInstance,
  runner: JobRunner,
  { pollMs, log }: { pollMs: number; log: Pick<FastifyBaseLogger, "error"> },
): void {
  const running = new Set<Promise<void>>();
  const closing = new AbortController();
  const timer = setInterval(() => {
    const poll = runner.runDue(closing.signal).then(
      () => undefined,
      (error: unknown) => log.error({ err: error }, "the job queue could not be read"),
    );
    running.add(poll);
    void poll.finally(() => running.delete(poll));
  }, pollMs);
  timer.unref();
  // Before every onClose hook, whoever registered it: the rounds' jobs may still use the mailer, Redis, the sockets.
  app.addHook("preClose", async () => {
    clearInterval(timer);
    closing.abort();
    await Promise.all(running);
  });
}
