import { createECDH } from "node:crypto";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { FieldError } from "@lootlane/contract";
import webPush from "web-push";
import type { VapidConfig } from "../../config.js";
import { NonPublicAddressError, publicAddressLookup, pushEndpointProblem } from "./push-endpoint.js";

/*
 * The Web Push protocol (RFC 8030) with VAPID (RFC 8292) and the payload encrypted for the browser (RFC 8291,
 * aes128gcm). web-push signs and encrypts; the request itself is ours, so it can refuse non-public addresses at
 * connect time, reach a local push service over plain http outside production, and give up quickly.
 */

/** A push service answers in well under a second; one that does not is retried later by the queue. */
export const PUSH_TIMEOUT_MS = 10_000;

/** A browser's subscription: where to send, and its keys (base64url) that only it can decrypt with. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushOptions = {
  /** How long the push service keeps the message for a browser that is offline. */
  ttlSeconds: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** A newer message with the same topic replaces one the push service still holds (base64url, ≤ 32 characters). */
  topic?: string;
};

/**
 * `sent`: the push service took the message. `gone`: it says the subscription no longer exists (404, 410).
 * `refused`: we will not call this endpoint (not public in production, or keys that cannot be encrypted for).
 */
export type PushOutcome = "sent" | "gone" | "refused";

/** The push service did not take the message; `retryable` when the same request may succeed later. */
export class PushServiceError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "PushServiceError";
  }
}

export type PushSender = { send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome> };

/** Why a browser's keys cannot be encrypted for: a P-256 public point (65 bytes) and a 16-byte auth secret. */
export function pushKeysProblem(p256dh: string, auth: string): FieldError | undefined {
  if (!BASE64URL.test(auth) || Buffer.from(auth, "base64url").length !== 16)
    return { field: "keys.auth", message: "must be 16 bytes in base64url" };
  try {
    const point = Buffer.from(p256dh, "base64url");
    if (!BASE64URL.test(p256dh) || point.length !== 65) throw new Error("not an uncompressed point");
    // Only a point on the curve gives a shared secret, which is what encrypting for the browser needs.
    const probe = createECDH("prime256v1");
    probe.generateKeys();
    probe.computeSecret(point);
    return undefined;
  } catch {
    return { field: "keys.p256dh", message: "must be a P-256 public key in base64url" };
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const RESPONSE_TEXT_MAX = 500;

export function createPushSender({
  vapid,
  production,
  timeoutMs = PUSH_TIMEOUT_MS,
  dnsServers,
}: {
  vapid: VapidConfig;
  production: boolean;
  timeoutMs?: number;
  /** The name servers endpoints are resolved with in production; resolv.conf's by default. */
  dnsServers?: string[];
}): PushSender {
  // Resolved again at every send, within its time: the name may point elsewhere since the browser subscribed.
  const lookup = production ? publicAddressLookup({ timeoutMs, servers: dnsServers }) : undefined;
  return {
    async send(target, payload, options) {
      if (pushEndpointProblem(target.endpoint, production) !== undefined) return "refused";
      if (pushKeysProblem(target.p256dh, target.auth) !== undefined) return "refused";
      const details = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: vapid,
          contentEncoding: "aes128gcm",
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          ...(options.topic ? { topic: options.topic } : {}),
        },
      );
      let answer: { status: number; text: string };
      try {
        answer = await post(details.endpoint, details.headers, details.body, { lookup, timeoutMs });
      } catch (error) {
        if (error instanceof NonPublicAddressError) return "refused";
        throw new PushServiceError(`the push service could not be reached: ${String(error)}`, undefined, true, {
          cause: error,
        });
      }
      if (answer.status >= 200 && answer.status < 300) return "sent";
      if (answer.status === 404 || answer.status === 410) return "gone";
      const retryable = answer.status === 429 || answer.status >= 500;
      throw new PushServiceError(
        `the push service answered ${answer.status}: ${answer.text}`,
        answer.status,
        retryable,
      );
    },
  };
}

function post(
  endpoint: string,
  headers: Record<string, string | number>,
  body: Buffer,
  { lookup, timeoutMs }: { lookup: LookupFunction | undefined; timeoutMs: number },
): Promise<{ status: number; text: string }> {
  const url = new URL(endpoint);
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: "POST",
        headers,
        signal: AbortSignal.timeout(timeoutMs),
        ...(lookup ? { lookup } : {}),
      },
      (response: IncomingMessage) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < RESPONSE_TEXT_MAX) text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text: text.slice(0, RESPONSE_TEXT_MAX) }));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
