import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * Checking a webhook the Standard Webhooks way (https://www.standardwebhooks.com), written out so it can be read:
 * HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the bytes of the secret after `whsec_`,
 * compared with each `v1,<base64>` of `webhook-signature`, and a timestamp close to now so a recorded request
 * cannot be played again later.
 */

/** How far a webhook's timestamp may be from this machine's clock. */
const TOLERANCE_SECONDS = 5 * 60;

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** Whether the body was signed with the secret just now; the raw body, exactly as received. */
export function isSignedWebhook(secret: string, headers: WebhookHeaders, body: string, now = new Date()): boolean {
  const id = single(headers["webhook-id"]);
  const timestamp = single(headers["webhook-timestamp"]);
  const signatures = single(headers["webhook-signature"]);
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",", 2);
    if (version !== "v1" || !signature) return false;
    const given = Buffer.from(signature, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
