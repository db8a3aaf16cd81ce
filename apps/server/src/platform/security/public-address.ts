import { BlockList, isIP } from "node:net";

/*
 * Whether the server may call an address a user chose (push endpoints, webhooks): only the public internet, never
 * this machine or a network behind it (SSRF). One list for every such caller.
 */

/** Not the public internet: RFC 6890's special-purpose ranges, multicast and reserved space. */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  notPublic.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  // Unspecified, loopback and the deprecated IPv4-compatible `::a.b.c.d`, which some stacks still carry to IPv4.
  ["::", 96],
  // IPv4-translated (SIIT), `::ffff:0:a.b.c.d`; the mapped `::ffff:a.b.c.d` is checked as its IPv4 below.
  ["::ffff:0:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  notPublic.addSubnet(network, prefix, "ipv6");

/** Whether an address is on the public internet; an IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is its IPv4. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? "ipv4" : "ipv6");
}
