import { WEBHOOK_RETRY_HOURS, type WebhookAttempt, type WebhookEvent } from "@lootlane/contract";
import { and, arrayContains, eq, sql } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow } from "../../db/schema/webhooks.js";
import { AppError } from "../../platform/errors/app-error.js";
import { completeJob, enqueueJobs, type ClaimedJob, type JobRunner } from "../../platform/jobs/job-queue.js";
import type { RateLimitRule } from "../../platform/rate-limit/rate-limiter.js";
import { sendWebhook, type TryOutcome } from "./webhooks.sender.js";
import { signedHeaders } from "./webhooks.signature.js";
import { checkWebhookTarget } from "./webhooks.targets.js";
import { DELIVER_JOB, FANOUT_JOB, type WebhookDeps } from "./webhooks.service.js";

/*
 * Delivering webhooks on the durable job queue. The fanout job turns one event into one delivery per subscribed
 * endpoint, with the body fixed then; each delivery is its own job, tried until an endpoint answers 2xx or
 * WEBHOOK_RETRY_HOURS have passed since the event. A try that crashed before its answer was recorded is tried
 * again: receivers drop repeats by `webhook-id`, as the convention says.
 */

/** Waits between tries: quick at first for a blip, then hours apart for an endpoint that is down. */
const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 3600_000, 2 * 3600_000, 4 * 3600_000];
const RETRY_WINDOW_MS = WEBHOOK_RETRY_HOURS * 3600_000;
/** Tries in flight at once per instance. */
const DELIVERIES_AT_ONCE = 10;
/** A delivery keeps this many tries to show; a resent one keeps adding. */
const ATTEMPTS_KEPT = 30;
/** Resends per user: enough to test an endpoint by hand, too few to aim the server at anyone. */
export const RESEND_RATE: RateLimitRule = { name: "webhook-resend", max: 20, windowMs: 60_000 };

export function registerWebhookJobs(jobs: JobRunner, deps: WebhookDeps): void {
  jobs.handle(FANOUT_JOB, (payload, job) => fanOut(deps, payload, job));
  // A lane of its own: a try may wait the whole timeout on a seller's endpoint, and must not hold up other work.
  jobs.handle(
    DELIVER_JOB,
    async (payload) => {
      const next = await tryDelivery(deps, String(payload.id));
      return next === undefined ? undefined : { runAgainAt: next };
    },
    { concurrency: DELIVERIES_AT_ONCE },
  );
}

/**
 * One delivery per endpoint of the user subscribed to the event, and a job for each, written with the fanout's
 * end: the job's id is the deliveries' source, so a fanout run again after a crash adds none.
 */
async function fanOut(deps: WebhookDeps, payload: Record<string, unknown>, job: ClaimedJob): Promise<void> {
  const event = payload.event as WebhookEvent;
  const body = JSON.stringify({ type: event, timestamp: payload.at, data: payload.data });
  await deps.db.transaction(async (tx) => {
    const endpoints = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(eq(webhookEndpoints.userId, String(payload.user_id)), arrayContains(webhookEndpoints.events, [event])),
      );
    if (endpoints.length > 0) {
      const created = await tx
        .insert(webhookDeliveries)
        .values(
          endpoints.map((endpoint) => ({
            endpointId: endpoint.id,
            sourceId: job.id,
            event,
            payload: body,
            nextAttemptAt: deps.clock(),
            createdAt: new Date(String(payload.at)),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: webhookDeliveries.id });
      await enqueueJobs(
        tx,
        created.map((delivery) => ({ kind: DELIVER_JOB, payload: { id: delivery.id }, key: `webhook:${delivery.id}` })),
        deps.clock,
      );
    }
    await completeJob(tx, job);
  });
}

/**
 * One try of a pending delivery; answers when to try again, or undefined when it is settled (delivered, given up,
 * or gone with its endpoint).
 */
async function tryDelivery(deps: WebhookDeps, deliveryId: string): Promise<Date | undefined> {
  const found = await deliveryWithEndpoint(deps, deliveryId);
  if (!found || found.delivery.status !== "pending") return undefined;
  const outcome = await attempt(deps, found);
  const now = deps.clock();
  const tries = (found.delivery.attempts as WebhookAttempt[]).length + 1;
  const delay = RETRY_DELAYS_MS[Math.min(tries - 1, RETRY_DELAYS_MS.length - 1)]!;
  const next = new Date(now.getTime() + delay);
  const gaveUp = next.getTime() > found.delivery.createdAt.getTime() + RETRY_WINDOW_MS;
  const status = succeeded(outcome) ? "succeeded" : gaveUp ? "failed" : "pending";
  // Gone while it was tried (its endpoint deleted): nothing is left to retry.
  const row = await record(deps, found.delivery.id, outcome, status, status === "pending" ? next : null);
  return row && status === "pending" ? next : undefined;
}

/**
 * Settings' "Resend": one try now, whatever the delivery's state, with the same id and body. A failed try leaves a
 * delivery still within its day pending (its job goes on), and one past it failed.
 */
export async function resendDelivery(
  deps: WebhookDeps,
  userId: string,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDeliveryRow> {
  await deps.limiter.consume(RESEND_RATE, userId);
  const found = await deliveryWithEndpoint(deps, deliveryId);
  if (!found || found.endpoint.userId !== userId || found.endpoint.id !== webhookId)
    throw new AppError("WEBHOOK_DELIVERY_NOT_FOUND");
  const outcome = await attempt(deps, found);
  const withinDay = deps.clock().getTime() < found.delivery.createdAt.getTime() + RETRY_WINDOW_MS;
  const status = succeeded(outcome)
    ? "succeeded"
    : found.delivery.status === "pending" && withinDay
      ? "pending"
      : "failed";
  const nextAttemptAt = status === "pending" ? found.delivery.nextAttemptAt : null;
  const row = await record(deps, deliveryId, outcome, status, nextAttemptAt);
  if (!row) throw new AppError("WEBHOOK_DELIVERY_NOT_FOUND");
  return row;
}

const succeeded = (outcome: TryOutcome) =>
  outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;

async function deliveryWithEndpoint(deps: WebhookDeps, deliveryId: string) {
  const [found] = await deps.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return found;
}

const refusalText = {
  not_allowed: "the address is not a public one",
  unresolved: "the name did not resolve",
} as const;

/** Checks the endpoint's address again (it may resolve elsewhere now), signs, sends, and times the try. */
async function attempt(
  deps: WebhookDeps,
  { delivery, endpoint }: NonNullable<Awaited<ReturnType<typeof deliveryWithEndpoint>>>,
): Promise<TryOutcome & { at: Date; durationMs: number }> {
  const at = deps.clock();
  const started = performance.now();
  const check = await checkWebhookTarget(endpoint.url, deps.allowPrivateTargets, {
    timeoutMs: deps.timeoutMs,
    servers: deps.dnsServers,
  });
  let outcome: TryOutcome;
  if (check.ok) {
    const headers = signedHeaders(deps.cipher.decrypt(endpoint.secretEncrypted), delivery.id, at, delivery.payload);
    outcome = await sendWebhook(check.target, headers, delivery.payload, deps.timeoutMs);
  } else outcome = { statusCode: null, response: null, error: refusalText[check.refusal] };
  return { ...outcome, at, durationMs: Math.round(performance.now() - started) };
}

/**
 * Adds the try to the delivery's record (the newest ATTEMPTS_KEPT) and sets its state; undefined when the delivery
 * is gone. The try is appended in the statement, not to the list read before it, so a resend and a retry that ran
 * at once both stay on record.
 */
async function record(
  deps: WebhookDeps,
  deliveryId: string,
  outcome: TryOutcome & { at: Date; durationMs: number },
  status: WebhookDeliveryRow["status"],
  nextAttemptAt: Date | null,
): Promise<WebhookDeliveryRow | undefined> {
  const entry: WebhookAttempt = {
    at: outcome.at.toISOString(),
    status_code: outcome.statusCode,
    response: outcome.response,
    error: outcome.error,
    duration_ms: outcome.durationMs,
  };
  const appended = sql`${webhookDeliveries.attempts} || ${JSON.stringify([entry])}::jsonb`;
  const [row] = await deps.db
    .update(webhookDeliveries)
    .set({
      status,
      nextAttemptAt,
      attempts: sql`jsonb_path_query_array(${appended}, ${`$[last - ${ATTEMPTS_KEPT - 1} to last]`}::jsonpath)`,
    })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning();
  return row;
}
