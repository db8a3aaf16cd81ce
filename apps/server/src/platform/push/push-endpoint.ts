import type { LookupFunction } from "node:net";
import { addressesOf, isLocalhostName, literalAddress, type NameResolution } from "../security/host-addresses.js";
import { isPublicAddress } from "../security/public-address.js";

/*
 * A push subscription's endpoint is a URL that a browser hands us and the server will call: anyone signed in can
 * name any URL, so in production it must be an https address on the public internet, never this machine or its
 * private network (SSRF). Outside production, plain http to this machine is allowed for local push services.
 */

function isLoopbackHost(hostname: string): boolean {
  const literal = literalAddress(hostname);
  if (literal === undefined) return isLocalhostName(hostname);
  return literal.family === 4 ? literal.address.startsWith("127.") : literal.address === "::1";
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
  const literal = literalAddress(url.hostname);
  if (literal !== undefined ? !isPublicAddress(literal.address) : isLocalhostName(url.hostname))
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
export function publicAddressLookup(resolution: NameResolution): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
    addressesOf(hostname, resolution).then(
      (addresses) => {
        if (addresses.some((entry) => !isPublicAddress(entry.address)))
          return callback(new NonPublicAddressError(`${hostname} resolves to an address that is not public`), "");
        const usable = family === 4 || family === 6 ? addresses.filter((entry) => entry.family === family) : addresses;
        if (usable.length === 0)
          return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "");
        if (options.all) return callback(null, usable);
        callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}
