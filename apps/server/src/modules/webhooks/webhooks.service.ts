import {
  WEBHOOKS_PER_USER_MAX,
  type CreateWebhookRequest,
  type NotificationEventName,
  type NotificationParams,
  type WebhookData,
  type WebhookEvent,
} from "@lootlane/contract";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/users.js";
import {
  webhookDeliveries,
  webhookEndpoints,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from "../../db/schema/webhooks.js";
import type { DataCipher } from "../../platform/crypto/data-cipher.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { NewJobInput } from "../../platform/jobs/job-queue.js";
import type { RateLimiter } from "../../platform/rate-limit/rate-limiter.js";
import type { Clock } from "../../platform/time/clock.js";
import { newWebhookSecret } from "./webhooks.signature.js";
import { checkWebhookTarget } from "./webhooks.targets.js";

/*
 * A seller's webhook endpoints (issue 25). What other modules call is webhookJob / webhookJobOf: the job that
 * tells a user's endpoints of an event, written by the caller in the same insert as its other jobs, so an event
 * costs no extra statement in the transaction that causes it (the purchase holds the listing's lock). The job
 * finds the endpoints later (webhooks.jobs.ts); a user without any costs one job row.
 */

export const FANOUT_JOB = "webhooks.fanout";
export const DELIVER_JOB = "webhooks.deliver";

export type WebhookDeps = {
  db: Db;
  clock: Clock;
  cipher: DataCipher;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS. */
  allowPrivateTargets: boolean;
  /** How long a try's name lookup, and then its request (connect to the answer's last byte), may each take. */
  timeoutMs: number;
  /** The name servers webhook targets are resolved with; resolv.conf's by default. */
  dnsServers?: string[];
  /** Counts resends: each is a request the server makes to an address a user chose. */
  limiter: RateLimiter;
};

/** The job that tells `userId`'s endpoints subscribed to `event`; its payload is the event's body without a date. */
export function webhookJob<E extends WebhookEvent>(
  userId: string,
  event: E,
  data: WebhookData<E>,
  at: Date,
): NewJobInput {
  return { kind: FANOUT_JOB, payload: { user_id: userId, event, data, at: at.toISOString() } };
}

type JobOfNotice = {
  [N in NotificationEventName]?: (userId: string, params: NotificationParams<N>, at: Date) => NewJobInput;
};

/**
 * The webhook job of each notification that has one; the notification's params are the event's data, which the
 * compiler checks here (chat messages go through notifyChatMessage with their id instead).
 */
const jobOfNotice: JobOfNotice = {
  sale: (userId, params, at) => webhookJob(userId, "order.created", params, at),
  deal_completed: (userId, params, at) => webhookJob(userId, "deal.completed", params, at),
  dispute_opened: (userId, params, at) => webhookJob(userId, "dispute.opened", params, at),
  dispute_resolved: (userId, params, at) => webhookJob(userId, "dispute.resolved", params, at),
  review_received: (userId, params, at) => webhookJob(userId, "review.created", params, at),
};

/** The webhook job of a notification that has one. */
export function webhookJobOf<N extends NotificationEventName>(
  userId: string,
  notice: { event: N; params: NotificationParams<N> },
  at: Date,
): NewJobInput | undefined {
  return jobOfNotice[notice.event]?.(userId, notice.params, at);
}

/** A new endpoint with its secret, which is answered once and kept encrypted. */
export async function createWebhook(
  deps: WebhookDeps,
  userId: string,
  input: { url: string; events: CreateWebhookRequest["events"] },
): Promise<{ row: WebhookEndpointRow; secret: string }> {
  const check = await checkWebhookTarget(input.url, deps.allowPrivateTargets, {
    timeoutMs: deps.timeoutMs,
    servers: deps.dnsServers,
  });
  if (!check.ok) throw new AppError("WEBHOOK_URL_NOT_ALLOWED");
  const secret = newWebhookSecret();
  return deps.db.transaction(async (tx) => {
    // The user's row lock makes the count and the insert one step, so two requests at once cannot pass the cap.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    const [held] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    if (held!.n >= WEBHOOKS_PER_USER_MAX) throw new AppError("WEBHOOK_LIMIT_REACHED", { max: WEBHOOKS_PER_USER_MAX });
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ userId, url: input.url, events: input.events, secretEncrypted: deps.cipher.encrypt(secret) })
      .returning();
    return { row: row!, secret };
  });
}

export function listWebhooks(db: Db, userId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(webhookEndpoints.createdAt);
}

/** Deleting an endpoint drops its deliveries; their waiting jobs then find nothing to send. */
export async function deleteWebhook(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  if (removed.length === 0) throw new AppError("WEBHOOK_NOT_FOUND");
}

/** A deleted account's endpoints go with it, in the deletion's transaction. */
export async function deleteUserWebhooks(tx: Db, userId: string): Promise<void> {
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
}

/** The user's own endpoint, else WEBHOOK_NOT_FOUND (another's does not exist for them). */
export async function ownWebhook(db: Db, userId: string, id: string): Promise<WebhookEndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  if (!row) throw new AppError("WEBHOOK_NOT_FOUND");
  return row;
}

const DELIVERIES_SHOWN = 50;

/** The endpoint's latest deliveries, newest first. */
export async function listDeliveries(db: Db, userId: string, webhookId: string): Promise<WebhookDeliveryRow[]> {
  await ownWebhook(db, userId, webhookId);
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERIES_SHOWN);
}
