/*
 * Who writes these tables: only the owner named here inserts, updates or deletes their rows; everyone else
 * asks the owner's service (db/table-owners.test.ts checks the code against this list).
 *
 *   webhookEndpoints → modules/webhooks
 *   webhookDeliveries → modules/webhooks
 */
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, oneOf, timestamptz } from "./columns.js";
import { users } from "./users.js";

/** A seller's endpoint for the seller API's events (issue 25). The signing secret is kept encrypted (DATA_KEY). */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secretEncrypted: text("secret_encrypted").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_user_id_idx").on(t.userId)],
);

export const webhookDeliveryStatuses = ["pending", "succeeded", "failed"] as const;

/**
 * One event for one endpoint: the body is fixed when the event happens and sent as is on every try, so the
 * `webhook-id` (the row's id) and the signature's input stay the same. `attempts` holds each try's answer.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** What caused it (a job's id): a job run twice makes one delivery, not two. */
    sourceId: text("source_id").notNull(),
    event: text("event").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: webhookDeliveryStatuses }).notNull().default("pending"),
    attempts: jsonb("attempts").notNull().default([]),
    nextAttemptAt: timestamptz("next_attempt_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_source_idx").on(t.endpointId, t.sourceId),
    index("webhook_deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt),
    check("webhook_deliveries_status_check", oneOf(t.status, webhookDeliveryStatuses)),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
