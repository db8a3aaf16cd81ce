import { z } from "zod";
import { validationMessage } from "../common/validation-messages.js";

/*
 * Webhooks (issue 25): a seller's endpoints told of events as they happen, each delivery signed the Standard
 * Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">` keyed with the secret's bytes after `whsec_`) and retried with backoff for a day.
 */

export const WEBHOOK_EVENTS = [
  "order.created",
  "message.created",
  "deal.completed",
  "dispute.opened",
  "dispute.resolved",
  "review.created",
  "stock.low",
] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.output<typeof webhookEventSchema>;

export const WEBHOOK_SECRET_PREFIX = "whsec_";
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOKS_PER_USER_MAX = 10;
/** An auto-delivery listing whose available units fall below this tells its seller (`stock.low`). */
export const STOCK_LOW_THRESHOLD = 5;
/** How long a delivery is retried before it is given up. */
export const WEBHOOK_RETRY_HOURS = 24;

/** POST /webhooks. The address is checked further on the server (https, a public host). */
export const createWebhookRequestSchema = z
  .object({
    url: z
      .string()
      .trim()
      .max(WEBHOOK_URL_MAX, validationMessage("atMostCharacters", { max: WEBHOOK_URL_MAX }))
      .pipe(z.url({ protocol: /^https?$/, message: validationMessage("enterWebhookUrl") })),
    events: z
      .array(webhookEventSchema)
      .min(1, validationMessage("chooseEvent"))
      .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event))),
  })
  .meta({ id: "CreateWebhookRequest" });
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

/** The answer to POST /webhooks: the only time the signing secret is shown. */
export const createdWebhookSchema = z.object({ id: z.uuid(), secret: z.string() }).meta({ id: "CreatedWebhook" });
export type CreatedWebhook = z.output<typeof createdWebhookSchema>;

export const webhookSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    events: z.array(webhookEventSchema),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Webhook" });
export type Webhook = z.output<typeof webhookSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) }).meta({ id: "WebhookList" });
export type WebhookList = z.output<typeof webhookListSchema>;

export const webhookIdParamsSchema = z.object({ id: z.uuid() });
export const webhookDeliveryParamsSchema = z.object({ id: z.uuid(), deliveryId: z.uuid() });

/** One try of a delivery: the endpoint's status and the start of its answer, or why no answer came. */
export const webhookAttemptSchema = z
  .object({
    at: z.iso.datetime(),
    status_code: z.number().int().nullable(),
    /** The first characters of the answer's body. */
    response: z.string().nullable(),
    error: z.string().nullable(),
    duration_ms: z.number().int().nonnegative(),
  })
  .meta({ id: "WebhookAttempt" });
export type WebhookAttempt = z.output<typeof webhookAttemptSchema>;

/** `pending` while tries are left, `succeeded` on a 2xx answer, `failed` once retries ran out. */
export const webhookDeliveryStatusSchema = z.enum(["pending", "succeeded", "failed"]);
export type WebhookDeliveryStatus = z.output<typeof webhookDeliveryStatusSchema>;

export const webhookDeliverySchema = z
  .object({
    /** The `webhook-id` header: the same on every try, so a receiver can drop repeats. */
    id: z.uuid(),
    event: webhookEventSchema,
    status: webhookDeliveryStatusSchema,
    /** The body sent (the same bytes on every try). */
    payload: z.string(),
    attempts: z.array(webhookAttemptSchema),
    next_attempt_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z
  .object({ deliveries: z.array(webhookDeliverySchema) })
  .meta({ id: "WebhookDeliveryList" });
export type WebhookDeliveryList = z.output<typeof webhookDeliveryListSchema>;

const ref = z.uuid();

/** What each event's body carries in `data`; the body is `{ type, timestamp, data }`. */
export const webhookDataSchemas = {
  "order.created": z.object({
    deal_id: ref,
    chat_id: ref,
    product_id: ref,
    product_title: z.string(),
    quantity: z.number().int(),
    amount: z.number(),
    buyer_username: z.string(),
    /** Empty for a manual listing: the seller delivers in the chat. */
    delivered_units: z.array(z.number().int()),
  }),
  "message.created": z.object({
    chat_id: ref,
    message_id: ref,
    product_title: z.string(),
    sender_username: z.string(),
    text: z.string(),
  }),
  "deal.completed": z.object({
    deal_id: ref,
    chat_id: ref,
    product_title: z.string(),
    amount: z.number(),
    automatic: z.boolean(),
    held_until: z.iso.datetime().optional(),
  }),
  "dispute.opened": z.object({ deal_id: ref, chat_id: ref, product_title: z.string() }),
  "dispute.resolved": z.object({
    deal_id: ref,
    chat_id: ref,
    product_title: z.string(),
    outcome: z.enum(["refund", "release"]),
  }),
  "review.created": z.object({
    product_id: ref,
    product_title: z.string(),
    rating: z.number().int(),
    author_username: z.string(),
  }),
  "stock.low": z.object({ product_id: ref, product_title: z.string(), units_left: z.number().int() }),
} satisfies Record<WebhookEvent, z.ZodType>;
export type WebhookData<E extends WebhookEvent> = z.output<(typeof webhookDataSchemas)[E]>;

const payloadOf = <E extends WebhookEvent>(type: E) =>
  z.object({ type: z.literal(type), timestamp: z.iso.datetime(), data: webhookDataSchemas[type] });

/** A delivery's body. */
export const webhookPayloadSchema = z
  .discriminatedUnion("type", [
    payloadOf("order.created"),
    payloadOf("message.created"),
    payloadOf("deal.completed"),
    payloadOf("dispute.opened"),
    payloadOf("dispute.resolved"),
    payloadOf("review.created"),
    payloadOf("stock.low"),
  ])
  .meta({ id: "WebhookPayload" });
export type WebhookPayload = z.output<typeof webhookPayloadSchema>;
