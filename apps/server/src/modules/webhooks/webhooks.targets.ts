import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import { isPublicAddress } from "../../platform/security/public-address.js";

/*
 * Where webhooks may go (issue 25, SSRF): a seller names the address, the server calls it, so an address inside the
 * server's own network would let anyone reach what only the server should. Only https to public addresses, checked
 * at registration and again before every try (the name may resolve elsewhere by then, DNS rebinding), and the call
 * then goes to the very address that was checked. WEBHOOK_ALLOW_PRIVATE_TARGETS lets development use loopback and
 * plain http.
 *
 * Names are resolved by c-ares on the event loop (dns.Resolver), within the try's time. Not dns.lookup: that is
 * getaddrinfo on libuv's pool of four threads and cannot be cancelled, so an endpoint whose name server never
 * answers would hold a thread for resolv.conf's whole timeout at every try, and four such tries would hold up
 * argon2 hashing and file reads for everyone.
 */

/** A checked endpoint: the URL and the address the call must go to. */
export type WebhookTarget = { url: URL; address: string; family: 4 | 6 };

/** How a target's name is resolved: within `timeoutMs`, through `servers` (resolv.conf's by default). */
export type NameResolution = { timeoutMs: number; servers?: string[] };

/** A checked target, or why not: the URL or its address is not allowed, or the name did not resolve in time. */
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
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) as 4 | 6 }] : await addressesOf(host, resolution);
  if (addresses.length === 0) return { ok: false, refusal: "unresolved" };
  // Every address, not the first: a name with one public and one private address could be sent to either.
  if (!allowPrivate && !addresses.every(({ address }) => isPublicAddress(address)))
    return { ok: false, refusal: "not_allowed" };
  const [first] = addresses;
  return { ok: true, target: { url, address: first!.address, family: first!.family } };
}

/** The name's IPv4 and IPv6 addresses, none when it has none or they did not come within the time. */
async function addressesOf(host: string, { timeoutMs, servers }: NameResolution) {
  // RFC 6761: localhost names are this machine's, whatever a name server says.
  if (host === "localhost" || host.endsWith(".localhost")) return [{ address: "127.0.0.1", family: 4 as const }];
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers) resolver.setServers(servers);
  // c-ares's timeout is per server and per query; the deadline bounds the whole lookup.
  const deadline = setTimeout(() => resolver.cancel(), timeoutMs);
  try {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    return [
      ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
    ];
  } finally {
    clearTimeout(deadline);
  }
}

function parse(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}
