import { request } from "node:http";
import { recordBodySecrets, recordCookieSecrets } from "@lootlane/server/test/secret-recorder";
import type { TestMailServer } from "@lootlane/server/test/test-mail";

/** The steps a journey takes through the API rather than the browser: a client with its own cookies. */
export type ApiSession = {
  /** A call under /v1; a FormData body goes as multipart, anything else as JSON. */
  call(method: string, path: string, body?: unknown): Promise<Response>;
};

/** The `cookie` header a browser sends with what it keeps in `cookies`. */
export function cookieHeader(cookies: Map<string, string>): string {
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

function keepCookies(cookies: Map<string, string>, setCookies: string[]): void {
  recordCookieSecrets(setCookies);
  for (const line of setCookies) {
    const [pair = ""] = line.split(";");
    const separator = pair.indexOf("=");
    cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
  }
}

function session(baseUrl: string, cookies: Map<string, string>): ApiSession {
  return {
    async call(method, path, body) {
      const headers: Record<string, string> = { origin: baseUrl };
      if (cookies.size > 0) headers.cookie = cookieHeader(cookies);
      // Passwords, codes and goods sent, and the tokens received, must not show in the server's logs (secret-recorder.ts).
      recordBodySecrets(body);
      const isForm = body instanceof FormData;
      if (body !== undefined && !isForm) headers["content-type"] = "application/json";
      const response = await fetch(`${baseUrl}/v1${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      });
      keepCookies(cookies, response.headers.getSetCookie());
      return response;
    },
  };
}

/**
 * As the session above, but each request leaves from `localAddress` and keeps its cookies in `cookies`, which a
 * caller may share between sessions to several servers. The built-in fetch cannot choose its source address,
 * hence node:http.
 */
export function sessionFrom(baseUrl: string, localAddress: string, cookies: Map<string, string>): ApiSession {
  const { hostname, port } = new URL(baseUrl);
  return {
    async call(method, path, body) {
      const headers: Record<string, string> = { origin: baseUrl };
      if (cookies.size > 0) headers.cookie = cookieHeader(cookies);
      recordBodySecrets(body);
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
      const answer = await new Promise<{ status: number; setCookies: string[]; body: Buffer }>((resolve, reject) => {
        const outgoing = request(
          { host: hostname, port, method, path: `/v1${path}`, headers, localAddress },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
            incoming.on("end", () =>
              resolve({
                status: incoming.statusCode ?? 0,
                setCookies: incoming.headers["set-cookie"] ?? [],
                body: Buffer.concat(chunks),
              }),
            );
            incoming.on("error", reject);
          },
        );
        outgoing.on("error", reject);
        outgoing.end(payload);
      });
      keepCookies(cookies, answer.setCookies);
      return new Response(answer.body.length === 0 ? null : new Uint8Array(answer.body), { status: answer.status });
    },
  };
}

async function expectOk(response: Response, step: string): Promise<void> {
  if (response.status !== 200) throw new Error(`${step} answered ${response.status}: ${await response.text()}`);
}

/** A client of the API at `baseUrl` with no cookies yet. */
export function newApiSession(baseUrl: string): ApiSession {
  return session(baseUrl, new Map());
}

export async function signInThroughApi(baseUrl: string, email: string, password: string): Promise<ApiSession> {
  const api = newApiSession(baseUrl);
  await expectOk(await api.call("POST", "/auth/login", { email, password }), `sign-in of ${email}`);
  return api;
}

/** Signs a new user up with the code the server mailed to the test SMTP server, and answers their session. */
export async function signUpThroughApi(
  baseUrl: string,
  mail: TestMailServer,
  account: { email: string; username: string; password: string },
): Promise<ApiSession> {
  const api = session(baseUrl, new Map());
  const { email, username, password } = account;
  await expectOk(
    await api.call("POST", "/auth/send-verification-code", { email, username }),
    `sign-up code for ${email}`,
  );
  const email_code = mail.latestCodeFor(email);
  await expectOk(
    await api.call("POST", "/auth/confirm-verification-code", { email, username, password, email_code }),
    `sign-up of ${email}`,
  );
  return api;
}
