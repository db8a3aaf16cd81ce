import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";

/*
 * The addresses of a host that a user named (a webhook endpoint, a push endpoint), for the check that the server may
 * call it. Names are resolved by c-ares on the event loop (dns.Resolver), within a deadline. Not dns.lookup: that is
 * getaddrinfo on libuv's pool of four threads and cannot be cancelled, so a host whose name server never answers
 * would hold a thread for resolv.conf's whole timeout at every call, and four such calls would hold up argon2
 * hashing and file reads for everyone. So a name is looked up in DNS only, not in /etc/hosts.
 */

export type HostAddress = { address: string; family: 4 | 6 };

/** How a name is resolved: within `timeoutMs`, through `servers` (resolv.conf's by default). */
export type NameResolution = { timeoutMs: number; servers?: string[] };

/** A URL's host as an address when it is one (`[::1]` → `::1`). */
export function literalAddress(hostname: string): HostAddress | undefined {
  const bare = hostname.replace(/^\[(.*)\]$/, "$1");
  const family = isIP(bare);
  return family === 0 ? undefined : { address: bare, family: family as 4 | 6 };
}

/** RFC 6761: localhost names are this machine's, whatever a name server says. */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

/**
 * The host's addresses: itself when it is an address, 127.0.0.1 for a localhost name, else its IPv4 and IPv6
 * records; none when it has none or they did not come within the time.
 */
export async function addressesOf(hostname: string, { timeoutMs, servers }: NameResolution): Promise<HostAddress[]> {
  const literal = literalAddress(hostname);
  if (literal) return [literal];
  if (isLocalhostName(hostname)) return [{ address: "127.0.0.1", family: 4 }];
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers) resolver.setServers(servers);
  // c-ares's timeout is per server and per query; the deadline bounds the whole lookup.
  const deadline = setTimeout(() => resolver.cancel(), timeoutMs);
  try {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    return [
      ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
    ];
  } finally {
    clearTimeout(deadline);
  }
}
