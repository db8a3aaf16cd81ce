import { recordBodySecrets, recordCookieSecrets } from "@lootlane/server/test/secret-recorder";
import type { TestMailServer } from "@lootlane/server/test/test-mail";

/** The steps a journey takes through the API rather than the browser: a client with its own cookies. */
export type ApiSession = {
  /** A call under /v1; a FormData body goes as multipart, anything else as JSON. */
  call(method: string, path: string, body?: unknown): Promise<Response>;
};

function session(baseUrl: string, cookies: Map<string, string>): ApiSession {
  return {
    async call(method, path, body) {
      const headers: Record<string, string> = { origin: baseUrl };
      if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
      // Passwords, codes and goods sent, and the tokens received, must not show in the server's logs (secret-recorder.ts).
      recordBodySecrets(body);
      const isForm = body instanceof FormData;
      if (body !== undefined && !isForm) headers["content-type"] = "application/json";
      const response = await fetch(`${baseUrl}/v1${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      });
      recordCookieSecrets(response.headers.getSetCookie());
      for (const line of response.headers.getSetCookie()) {
        const [pair = ""] = line.split(";");
        const separator = pair.indexOf("=");
        cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
      }
      return response;
    },
  };
}

async function expectOk(response: Response, step: string): Promise<void> {
  if (response.status !== 200) throw new Error(`${step} answered ${response.status}: ${await response.text()}`);
}

export async function signInThroughApi(baseUrl: string, email: string, password: string): Promise<ApiSession> {
  const api = session(baseUrl, new Map());
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
