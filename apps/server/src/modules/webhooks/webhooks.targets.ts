import { addressesOf, type HostAddress, type NameResolution } from "../../platform/security/host-addresses.js";
import { isPublicAddress } from "../../platform/security/public-address.js";

/*
 * Where webhooks may go (issue 25, SSRF): a seller names the address, the server calls it, so an address inside the
 * server's own network would let anyone reach what only the server should. Only https to public addresses, checked
 * at registration and again before every try (the name may resolve elsewhere by then, DNS rebinding), and the call
 * then goes to the very address that was checked. A name is resolved within the try's time (host-addresses.ts).
 * WEBHOOK_ALLOW_PRIVATE_TARGETS lets development use loopback and plain http.
 */

/** A checked endpoint: the URL and the address the call must go to. */
export type WebhookTarget = { url: URL } & HostAddress;

/**
 * A checked target, or why not: the URL or its address is not allowed, or the name has no address (none in DNS, or
 * none came in time).
 */
export type TargetCheck = { ok: true; target: WebhookTarget } | { ok: false; refusal: "not_allowed" | "unresolved" };

/**
 * Whether webhooks may go to the endpoint now: https (http too when private targets are allowed), no credentials in
 * the URL, and a host whose every address is public.
 */
export async function checkWebhookTarget(
  raw: string,
  allowPrivate: boolean,
  resolution: NameResolution,
): Promise<TargetCheck> {
  const url = parse(raw);
  const protocols = allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!url || !protocols.includes(url.protocol) || url.username !== "" || url.password !== "")
    return { ok: false, refusal: "not_allowed" };
  const addresses = await addressesOf(url.hostname, resolution);
  if (addresses.length === 0) return { ok: false, refusal: "unresolved" };
  // Every address, not the first: a name with one public and one private address could be sent to either.
  if (!allowPrivate && !addresses.every(({ address }) => isPublicAddress(address)))
    return { ok: false, refusal: "not_allowed" };
  return { ok: true, target: { url, ...addresses[0]! } };
}

function parse(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}
