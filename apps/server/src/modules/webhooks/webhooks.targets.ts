import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { AppError } from "../../platform/errors/app-error.js";
import { isPublicAddress } from "../../platform/security/public-address.js";

/*
 * Where webhooks may go (issue 25, SSRF): a seller names the address, the server calls it, so an address inside the
 * server's own network would let anyone reach what only the server should. Only https to public addresses, checked
 * at registration and again before every try (the name may resolve elsewhere by then, DNS rebinding), and the call
 * then goes to the very address that was checked. WEBHOOK_ALLOW_PRIVATE_TARGETS lets development use loopback and
 * plain http.
 */

/** A checked endpoint: the URL and the address the call must go to. */
export type WebhookTarget = { url: URL; address: string; family: 4 | 6 };

/**
 * The endpoint if webhooks may go there now, else WEBHOOK_URL_NOT_ALLOWED: https (http too when private targets
 * are allowed), no credentials in the URL, and a host whose every address is public.
 */
export async function checkWebhookTarget(raw: string, allowPrivate: boolean): Promise<WebhookTarget> {
  const url = parse(raw);
  const protocols = allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!url || !protocols.includes(url.protocol) || url.username !== "" || url.password !== "")
    throw new AppError("WEBHOOK_URL_NOT_ALLOWED");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) as 4 | 6 }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => []);
  // Every address, not the first: a name with one public and one private address could be sent to either.
  if (addresses.length === 0 || (!allowPrivate && !addresses.every(({ address }) => isPublicAddress(address))))
    throw new AppError("WEBHOOK_URL_NOT_ALLOWED");
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family as 4 | 6 };
}

function parse(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}
