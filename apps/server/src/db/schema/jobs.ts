/*
 * Who writes these tables: only the owner named here inserts, updates or deletes their rows; everyone else
 * asks the owner's service (db/table-owners.test.ts checks the code against this list).
 *
 *   jobs → platform/jobs
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz } from "./columns.js";

/**
 * The durable job queue (ARCHITECTURE.md "Background work"): a job is written in the transaction of what causes
 * it and run later by whichever instance claims it first (FOR UPDATE SKIP LOCKED). A claim moves `run_at` forward
 * by a lease, so a worker killed mid-run leaves the job to be claimed again once the lease is over; a job that
 * succeeded is deleted, a recurring one (`every_ms`) is moved to its next run, a failed one waits its backoff.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default({}),
    /** At most one waiting job per key: a second enqueue with the same key changes nothing (batching, schedules). */
    key: text("key").unique(),
    runAt: timestamptz("run_at").notNull().defaultNow(),
    /** Claims so far, and so the current claim's token: only the worker holding that claim settles the job. */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(20),
    /** A recurring job runs again this long after each run, whatever its outcome. */
    everyMs: integer("every_ms"),
    lastError: text("last_error"),
    /** Set when a job ran out of attempts: it is kept for an operator and never claimed again. */
    failedAt: timestamptz("failed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("jobs_due_idx")
      .on(t.runAt)
      .where(sql`${t.failedAt} is null`),
    // A kind claimed a few at a time (HandlerOptions.concurrency) is found by its own range: walked through
    // jobs_due_idx, its claim stepped over every other kind's due job (20 ms behind a backlog of 21,000).
    index("jobs_kind_due_idx")
      .on(t.kind, t.runAt)
      .where(sql`${t.failedAt} is null`),
    check("jobs_attempts_check", sql`${t.attempts} >= 0 and ${t.maxAttempts} > 0`),
    check("jobs_every_check", sql`${t.everyMs} is null or ${t.everyMs} > 0`),
  ],
);

export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
