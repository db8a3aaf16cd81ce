import { request } from "node:http";
import type { ApiSession } from "../../e2e/support/api-session.js";

/**
 * The access-token cookie the socket handshake reads (apps/server/src/platform/auth/auth-cookies.ts; importing
 * that file would type-check the server's Fastify cookie augmentation into the bench).
 */
const ACCESS_COOKIE = "access_token";

/** An API client that keeps its own cookies and can hand its access token to a socket handshake. */
export type LoopbackSession = ApiSession & {
  /** The `cookie` header carrying the access token, as a browser sends it with the socket handshake. */
  accessCookie(): string;
};

/**
 * The `localAddress`-th client machine: a distinct address in 127.0.0.0/8, which Linux routes to the loopback
 * interface without any setup. The auth limits count sign-ups per IP (20 code requests an hour), so a bench
 * that signs up hundreds of members has to come from hundreds of addresses, as real members would.
 */
export function loopbackAddress(index: number): string {
  return `127.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

/**
 * Like e2e's API session (calls under /v1, JSON or multipart bodies, cookies kept), but over node:http so each
 * session can leave from its own `localAddress`; the built-in fetch cannot choose its source address.
 */
export function loopbackSession(baseUrl: string, localAddress: string): LoopbackSession {
  const cookies = new Map<string, string>();
  const origin = new URL(baseUrl);
  return {
    async call(method, path, body) {
      const headers: Record<string, string> = { origin: baseUrl };
      if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
      let payload: Buffer | undefined;
      if (body instanceof FormData) {
        // Response serialises a FormData exactly as fetch would send it, boundary header included.
        const encoded = new Response(body);
        headers["content-type"] = encoded.headers.get("content-type") ?? "";
        payload = Buffer.from(await encoded.arrayBuffer());
      } else if (body !== undefined) {
        headers["content-type"] = "application/json";
        payload = Buffer.from(JSON.stringify(body));
      }
      const answer = await new Promise<{ status: number; setCookies: string[]; text: string }>((resolve, reject) => {
        const outgoing = request(
          { host: origin.hostname, port: origin.port, method, path: `/v1${path}`, headers, localAddress },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
            incoming.on("end", () =>
              resolve({
                status: incoming.statusCode ?? 0,
                setCookies: incoming.headers["set-cookie"] ?? [],
                text: Buffer.concat(chunks).toString("utf8"),
              }),
            );
            incoming.on("error", reject);
          },
        );
        outgoing.on("error", reject);
        outgoing.end(payload);
      });
      for (const line of answer.setCookies) {
        const [pair = ""] = line.split(";");
        const separator = pair.indexOf("=");
        cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
      }
      return new Response(answer.text === "" ? null : answer.text, { status: answer.status });
    },
    accessCookie() {
      const token = cookies.get(ACCESS_COOKIE);
      if (!token) throw new Error(`no ${ACCESS_COOKIE} cookie: the session never signed in`);
      return `${ACCESS_COOKIE}=${token}`;
    },
  };
}
