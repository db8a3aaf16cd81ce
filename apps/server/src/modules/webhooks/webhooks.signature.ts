import { createHmac, randomBytes } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "@lootlane/contract";

/*
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the secret is `whsec_` and base64 of random
 * bytes, and a delivery is signed with HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with those
 * bytes, sent as `v1,<base64>`. Any library of the convention verifies it.
 */

export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString("base64");
}

/** The three headers of one try: the id stays the same on every try, the timestamp is the try's own. */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
}
