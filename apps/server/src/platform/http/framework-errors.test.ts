import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { errorText, type ErrorCode } from "@lootlane/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.js";

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends bytes as they are, unencoded, and answers the status and body the server sent before closing. */
function rawRequest(request: Buffer | string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    let received = "";
    socket.on("data", (data: Buffer) => (received += data.toString()));
    // The server may hang up while a long request is still being written; what it answered first counts.
    socket.on("error", () => undefined);
    socket.on("close", () => {
      const [head = "", body = ""] = received.split("\r\n\r\n");
      resolve({ status: Number(head.slice(9, 12)), body });
    });
    socket.on("connect", () => socket.write(request));
  });
}

const get = (target: Buffer | string, headers = "") =>
  Buffer.concat([
    Buffer.from("GET "),
    Buffer.from(target),
    Buffer.from(` HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`),
  ]);

const post = (url: string, contentType: string, body: string) =>
  `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\n` +
  `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;

const specBody = (code: ErrorCode) => ({ detail: { error_code: code, error_message: errorText(code, "en") } });

/** Requests the framework (Node's parser, Fastify's router and body parsers) refuses before any route runs. */
const refusals: { what: string; request: Buffer | string; status: number; code: ErrorCode }[] = [
  {
    what: "a raw non-ASCII query string",
    request: get(Buffer.from("/v1/products/search?q=игра")),
    status: 400,
    code: "MALFORMED_REQUEST",
  },
  {
    what: "a raw non-ASCII path",
    request: get(Buffer.from("/v1/products/игра")),
    status: 400,
    code: "MALFORMED_REQUEST",
  },
  {
    what: "a broken percent escape in the path",
    request: get("/v1/products/%E0%A4%A"),
    status: 400,
    code: "MALFORMED_REQUEST",
  },
  {
    what: "a URL longer than the head limit",
    request: get(`/v1/${"a".repeat(20_000)}`),
    status: 413,
    code: "PAYLOAD_TOO_LARGE",
  },
  {
    what: "a header larger than the head limit",
    request: get("/v1/health", `X-Big: ${"a".repeat(20_000)}\r\n`),
    status: 413,
    code: "PAYLOAD_TOO_LARGE",
  },
  {
    what: "a malformed Content-Length",
    request: "GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n",
    status: 400,
    code: "MALFORMED_REQUEST",
  },
  {
    what: "malformed JSON",
    request: post("/v1/auth/login", "application/json", "{bad"),
    status: 400,
    code: "MALFORMED_REQUEST",
  },
  {
    what: "a body type no route takes",
    request: post("/v1/auth/login", "text/weird", "{}"),
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
  },
];

describe("a request the framework refuses is answered in the spec's error format", () => {
  it.each(refusals)("$what, sent over a raw socket", async ({ request, status, code }) => {
    const answer = await rawRequest(request);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toEqual(specBody(code));
  });

  it("a broken percent escape in a query string is read as text, not refused", async () => {
    const answer = await rawRequest(get("/v1/products/search?q=%E0%A4%A"));
    expect(answer.status).toBe(200);
  });

  it.each([
    {
      what: "a broken percent escape in the path",
      url: "/v1/products/%E0%A4%A",
      status: 400,
      code: "MALFORMED_REQUEST",
    },
    { what: "an unknown API path", url: "/v1/no-such-thing", status: 404, code: "ROUTE_NOT_FOUND" },
  ] as const)("$what, sent through inject", async ({ url, status, code }) => {
    const response = await t.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(specBody(code));
  });

  it.each([
    {
      what: "malformed JSON",
      contentType: "application/json",
      payload: "{bad",
      status: 400,
      code: "MALFORMED_REQUEST",
    },
    {
      what: "a body type no route takes",
      contentType: "text/weird",
      payload: "{}",
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
    },
  ] as const)("$what, sent through inject", async ({ contentType, payload, status, code }) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/auth/login",
      headers: { "content-type": contentType },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(specBody(code));
  });
});
