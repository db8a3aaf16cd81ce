import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./public-address.js";

describe("isPublicAddress", () => {
  it("tells public addresses from the rest", () => {
    for (const address of ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "8.8.8.8"])
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
    for (const address of ["127.0.0.1", "10.0.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1"])
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    for (const address of ["::1", "::", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "not an ip"])
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    // IPv4 inside IPv6 however written (mapped in hex, the deprecated compatible form, SIIT), and old site-local.
    for (const address of ["::ffff:7f00:1", "::7f00:1", "::127.0.0.1", "::ffff:0:a00:1", "fec0::1", "64:ff9b::a00:1"])
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    expect(isPublicAddress("::ffff:808:808")).toBe(true);
  });
});
