import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { WebhookTarget } from "./webhooks.targets.js";

/** What one try answered: the endpoint's status and the start of its body, or why no answer came. */
export type TryOutcome = { statusCode: number | null; response: string | null; error: string | null };

/** An answer is read this far and no further, so an endpoint cannot make the server hold a large body. */
const ANSWER_BYTES_MAX = 64 * 1024;
/** What is kept of the answer to show in Settings. */
const ANSWER_SHOWN_CHARS = 500;

/**
 * POSTs the body to the checked target, connecting to the address that was checked whatever the name resolves to
 * now. Redirects are not followed (a 3xx is an answer like any other, and not a success); the whole try, connect
 * to last byte, has `timeoutMs`.
 */
export function sendWebhook(
  target: WebhookTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<TryOutcome> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      target.url,
      {
        method: "POST",
        lookup: pinned,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Lootlane-Webhooks/1",
        },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        let received = 0;
        answer.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received <= ANSWER_BYTES_MAX) chunks.push(chunk);
          else answer.destroy();
        });
        const settle = () =>
          resolve({
            statusCode: answer.statusCode ?? null,
            response: Buffer.concat(chunks).toString("utf8").slice(0, ANSWER_SHOWN_CHARS),
            error: null,
          });
        answer.on("end", settle);
        answer.on("close", settle);
      },
    );
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on("error", (error) => resolve({ statusCode: null, response: null, error: error.message }));
    request.on("close", () => clearTimeout(deadline));
    request.end(body);
  });
}
