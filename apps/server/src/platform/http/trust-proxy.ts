import { BlockList, isIP } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.js";

/** Addresses no one outside this machine or its private network can reach the server on. */
const unreachableFromOutside = new BlockList();
for (const [network, bits] of [
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["169.254.0.0", 16],
] as const)
  unreachableFromOutside.addSubnet(network, bits, "ipv4");
for (const [network, bits] of [
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  unreachableFromOutside.addSubnet(network, bits, "ipv6");

/**
 * With TRUST_PROXY=true Fastify takes the left-most X-Forwarded-For, which the client writes, for the client's
 * address: on a server clients can reach directly, each names its own and steps round every per-IP limit.
 * Still allowed (a server reachable only by its proxy is safe with it), but said once at boot where it is not.
 */
export function warnOfTrustingEveryProxy(config: Config, log: FastifyBaseLogger): void {
  if (config.trustProxy !== true || !listensPublicly(config.host)) return;
  log.warn(
    { host: config.host },
    "TRUST_PROXY=true on a public address: any client can name its own address in X-Forwarded-For; set TRUST_PROXY to the proxies' addresses instead",
  );
}

/** Every interface (0.0.0.0, ::), a public address, or a host name that may resolve to one. */
function listensPublicly(host: string): boolean {
  if (host === "localhost") return false;
  const version = isIP(host);
  if (version === 0) return true;
  return !unreachableFromOutside.check(host, version === 4 ? "ipv4" : "ipv6");
}
