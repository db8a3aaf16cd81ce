import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as workerThreads from "node:worker_threads";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { createApiClient } from "./api-client";
import { ApiError } from "./api-error";

type Handler = (request: IncomingMessage, body: string) => Promise<[number, unknown]> | [number, unknown];

/** A real HTTP server, so the tests see exactly which requests reached it, in which order. */
class TestApi {
  readonly log: string[] = [];
  readonly headers: IncomingMessage["headers"][] = [];
  readonly bodies: string[] = [];
  private server: Server | undefined;
  private routes = new Map<string, Handler>();

  route(key: string, handler: Handler): void {
    this.routes.set(key, handler);
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", async () => {
        const key = `${request.method} ${request.url}`;
        const handler = this.routes.get(key);
        const [status, payload] = handler
          ? await handler(request, body)
          : [404, { detail: { error_code: "ROUTE_NOT_FOUND", error_message: "No route" } }];
        this.log.push(`${key} ${status}`);
        this.headers.push(request.headers);
        this.bodies.push(body);
        response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()));
  }
}

const notSignedIn = { detail: { error_code: "TOKEN_NOT_FOUND", error_message: "You are not signed in" } };

let testApi: TestApi;
let prefixUrl: string;
let onSessionLost: Mock<() => void>;

function client(language = "en") {
  return createApiClient({ prefixUrl, getLanguage: () => language, onSessionLost });
}

/** A protected route that answers 401 until the session has been refreshed. */
function sessionApi(refresh: () => Promise<boolean> | boolean = () => true) {
  const session = { valid: false, refreshes: 0 };
  const guarded: Handler = () => (session.valid ? [200, { ok: true }] : [401, notSignedIn]);
  testApi.route("GET /v1/items", guarded);
  testApi.route("GET /v1/other", guarded);
  testApi.route("GET /v1/late", guarded);
  testApi.route("POST /v1/items", (_request, body) => (session.valid ? [200, JSON.parse(body)] : [401, notSignedIn]));
  testApi.route("POST /v1/auth/update-tokens", async () => {
    session.refreshes += 1;
    session.valid = await refresh();
    return session.valid
      ? [200, {}]
      : [401, { detail: { error_code: "INVALID_REFRESH_TOKEN", error_message: "Invalid refresh token" } }];
  });
  return session;
}

beforeEach(async () => {
  testApi = new TestApi();
  prefixUrl = await testApi.start();
  onSessionLost = vi.fn<() => void>();
});

afterEach(() => testApi.stop());

describe("api client session refresh (SPEC §4)", () => {
  it("refreshes once on a 401 and retries the request", async () => {
    const session = sessionApi();

    await expect(client().get("items").json()).resolves.toEqual({ ok: true });

    expect(session.refreshes).toBe(1);
    expect(testApi.log).toEqual(["GET /v1/items 401", "POST /v1/auth/update-tokens 200", "GET /v1/items 200"]);
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it("sends the body again when it retries a POST", async () => {
    sessionApi();

    await expect(
      client()
        .post("items", { json: { title: "Dota 2 account" } })
        .json(),
    ).resolves.toEqual({ title: "Dota 2 account" });

    expect(testApi.bodies.filter((body) => body.includes("Dota 2 account"))).toHaveLength(2);
  });

  it("shares one refresh between concurrent 401s, and holds new requests until it is done", async () => {
    let refreshArrived!: () => void;
    const refreshStarted = new Promise<void>((resolve) => (refreshArrived = resolve));
    let releaseRefresh!: (ok: boolean) => void;
    const session = sessionApi(() => {
      refreshArrived();
      return new Promise<boolean>((resolve) => (releaseRefresh = resolve));
    });
    const api = client();

    const first = api.get("items").json();
    const second = api.get("other").json();
    await refreshStarted;
    const during = api.get("late").json();
    // Give the late request every chance to reach the server; it must still be waiting for the refresh.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(testApi.log.some((line) => line.startsWith("GET /v1/late"))).toBe(false);

    releaseRefresh(true);
    await expect(Promise.all([first, second, during])).resolves.toEqual([{ ok: true }, { ok: true }, { ok: true }]);

    expect(session.refreshes).toBe(1);
    expect(testApi.log.filter((line) => line.endsWith(" 401"))).toEqual(["GET /v1/items 401", "GET /v1/other 401"]);
    expect(testApi.log.filter((line) => line.startsWith("GET /v1/late"))).toEqual(["GET /v1/late 200"]);
  });

  it("reports the lost session once and lets the original errors through when the refresh fails", async () => {
    const session = sessionApi(() => false);
    const api = client();

    const results = await Promise.allSettled([api.get("items").json(), api.get("other").json()]);

    expect(session.refreshes).toBe(1);
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    for (const result of results) {
      expect(result.status).toBe("rejected");
      const error = (result as PromiseRejectedResult).reason as unknown;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 401, code: "TOKEN_NOT_FOUND", serverMessage: "You are not signed in" });
    }
    // The originals were not retried after the failed refresh.
    expect(testApi.log.filter((line) => line.startsWith("GET"))).toHaveLength(2);
  });

  it("does not refresh a second time when the retried request is refused again", async () => {
    let refreshes = 0;
    testApi.route("GET /v1/items", () => [401, notSignedIn]);
    testApi.route("POST /v1/auth/update-tokens", () => {
      refreshes += 1;
      return [200, {}];
    });

    await expect(client().get("items").json()).rejects.toMatchObject({ status: 401 });

    expect(refreshes).toBe(1);
    expect(testApi.log).toEqual(["GET /v1/items 401", "POST /v1/auth/update-tokens 200", "GET /v1/items 401"]);
  });

  it("does not refresh where the browser holds no session: the 401 is the answer", async () => {
    const session = sessionApi();
    const guest = createApiClient({ prefixUrl, getLanguage: () => "en", onSessionLost, hasSession: () => false });

    await expect(guest.get("items").json()).rejects.toMatchObject({ status: 401, code: "TOKEN_NOT_FOUND" });

    expect(session.refreshes).toBe(0);
    expect(testApi.log).toEqual(["GET /v1/items 401"]);
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it("does not refresh for a 401 that is not about the access token", async () => {
    const session = sessionApi();
    testApi.route("POST /v1/auth/confirm", () => [
      401,
      { detail: { error_code: "TWO_FACTOR_REQUIRED", error_message: "Enter the code" } },
    ]);

    await expect(client().post("auth/confirm").json()).rejects.toMatchObject({
      status: 401,
      code: "TWO_FACTOR_REQUIRED",
    });

    expect(session.refreshes).toBe(0);
    expect(testApi.log).toEqual(["POST /v1/auth/confirm 401"]);
  });

  it("never refreshes for a failed sign-in", async () => {
    testApi.route("POST /v1/auth/login", () => [
      401,
      { detail: { error_code: "INCORRECT_EMAIL_OR_PASSWORD", error_message: "Incorrect e-mail or password" } },
    ]);

    await expect(
      client()
        .post("auth/login", { json: { email: "a@b.cd", password: "wrong" } })
        .json(),
    ).rejects.toMatchObject({
      status: 401,
      code: "INCORRECT_EMAIL_OR_PASSWORD",
    });

    expect(testApi.log).toEqual(["POST /v1/auth/login 401"]);
    expect(onSessionLost).not.toHaveBeenCalled();
  });
});

describe("api client session refresh across tabs", () => {
  // Node's own Web Locks implementation (Node 24; newer than the installed typings), shared by the "tabs"
  // below as a browser's is by an origin's tabs.
  const { locks } = workerThreads as unknown as { locks: LockManager };
  const tab = () => createApiClient({ prefixUrl, getLanguage: () => "en", onSessionLost, locks });

  /** Resolves once some tab waits on the refresh lock held by another. */
  async function someTabWaitsForTheLock(): Promise<void> {
    while (((await locks.query()).pending ?? []).length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /** A refresh that reaches the server (`started`) and is answered when the test says so (`release`). */
  function heldRefresh() {
    let arrived!: () => void;
    const started = new Promise<void>((resolve) => (arrived = resolve));
    let release!: (ok: boolean) => void;
    const outcome = new Promise<boolean>((resolve) => (release = resolve));
    return {
      started,
      release: (ok: boolean) => release(ok),
      answer: () => {
        arrived();
        return outcome;
      },
    };
  }

  it("refreshes once for two tabs whose requests got 401 together; the waiting tab retries with the new cookies", async () => {
    localStorage.clear();
    const refresh = heldRefresh();
    const session = sessionApi(refresh.answer);

    const answers = Promise.all([tab().get("items").json(), tab().get("other").json()]);
    await refresh.started;
    await someTabWaitsForTheLock();
    refresh.release(true);

    await expect(answers).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(session.refreshes).toBe(1);
    expect(testApi.log.filter((line) => line.includes("update-tokens"))).toEqual(["POST /v1/auth/update-tokens 200"]);
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it("lets the waiting tab try its own refresh when the first one failed, and both report the lost session", async () => {
    localStorage.clear();
    const first = heldRefresh();
    const session = sessionApi(() => (session.refreshes === 1 ? first.answer() : false));

    const answers = Promise.allSettled([tab().get("items").json(), tab().get("other").json()]);
    await first.started;
    await someTabWaitsForTheLock();
    first.release(false);

    expect((await answers).map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(session.refreshes).toBe(2);
    expect(onSessionLost).toHaveBeenCalledTimes(2);
  });
});

describe("api client requests", () => {
  it("sends the interface language as Accept-Language", async () => {
    testApi.route("GET /v1/items", () => [200, []]);

    await client("ru").get("items").json();

    expect(testApi.headers[0]?.["accept-language"]).toBe("ru");
  });

  it("throws field errors of a validation answer as an ApiError", async () => {
    testApi.route("POST /v1/items", () => [
      422,
      {
        detail: {
          error_code: "VALIDATION_ERROR",
          error_message: "Invalid",
          errors: [{ field: "price", message: "Too small" }],
        },
      },
    ]);

    await expect(client().post("items", { json: {} }).json()).rejects.toMatchObject({
      status: 422,
      code: "VALIDATION_ERROR",
      fieldErrors: [{ field: "price", message: "Too small" }],
    });
  });
});
