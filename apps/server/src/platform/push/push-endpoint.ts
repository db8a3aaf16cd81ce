import { lookup as dnsLookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "../security/public-address.js";

/*
 * A push subscription's endpoint is a URL that a browser hands us and the server will call: anyone signed in can
 * name any URL, so in production it must be an https address on the public internet, never this machine or its
 * private network (SSRF). Outside production, plain http to this machine is allowed for local push services.
 */

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** The host of a URL as an address when it is one (`[::1]` → `::1`). */
function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? undefined : bare;
}

function isLoopbackHost(hostname: string): boolean {
  const address = literalAddress(hostname);
  if (address === undefined) return hostname === "localhost" || hostname.endsWith(".localhost");
  return loopback.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
}

/** Why the server will not call this endpoint, or undefined when it will. */
export function pushEndpointProblem(endpoint: string, production: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "must be a URL";
  }
  if (url.username !== "" || url.password !== "") return "must not carry a user name or password";
  if (url.protocol === "http:" && !production && isLoopbackHost(url.hostname)) return undefined;
  if (url.protocol !== "https:") return "must be an https: address";
  if (!production) return undefined;
  const address = literalAddress(url.hostname);
  if (address !== undefined ? !isPublicAddress(address) : isLoopbackHost(url.hostname))
    return "must be an address on the public internet";
  return undefined;
}

export class NonPublicAddressError extends Error {
  readonly code = "ENONPUBLIC";
}

/**
 * A DNS lookup for the push request's connection that answers only when every address of the host is public:
 * checking the name when the browser subscribed is not enough, as its DNS may later point it at this machine.
 */
export const publicAddressLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "");
    if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address)))
      return callback(new NonPublicAddressError(`${hostname} resolves to an address that is not public`), "");
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
