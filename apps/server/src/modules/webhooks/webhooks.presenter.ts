import type { Webhook, WebhookAttempt, WebhookDelivery, WebhookEvent } from "@lootlane/contract";
import type { WebhookDeliveryRow, WebhookEndpointRow } from "../../db/schema/webhooks.js";

/** An endpoint as its owner sees it: never its secret. */
export function presentWebhook(row: WebhookEndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    created_at: row.createdAt.toISOString(),
  };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    status: row.status,
    payload: row.payload,
    attempts: row.attempts as WebhookAttempt[],
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
