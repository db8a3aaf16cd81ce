import { vi } from "vitest";

export interface StubReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiCall {
  /** "POST auth/login": method and the path under /v1/. */
  route: string;
  body: unknown;
}

/** The spec's error answer (SPEC §8), optionally with validation field errors. */
export function refusal(
  status: number,
  code: string,
  message: string,
  errors?: { field: string; message: string }[],
): StubReply {
  return { status, body: { detail: { error_code: code, error_message: message, ...(errors ? { errors } : {}) } } };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

/** refusal() as a Response, for a handler of stubRoutes. */
export function errorResponse(...args: Parameters<typeof refusal>): Response {
  return jsonResponse(args[0], refusal(...args).body);
}

const NOT_FOUND = [404, "ROUTE_NOT_FOUND", "There is no such API address"] as const;

/**
 * Stubs `fetch` with real Responses, by route. A list of replies answers successive calls in order (the last one
 * repeats). Unknown routes answer 404 ROUTE_NOT_FOUND, so a test notices a request it did not expect.
 */
export function stubApi(routes: Record<string, StubReply | StubReply[]>) {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const route = `${request.method} ${new URL(request.url).pathname.replace(/^\/v1\//, "")}`;
    const text = await request.clone().text();
    calls.push({ route, body: text ? (JSON.parse(text) as unknown) : undefined });
    const replies = routes[route];
    const reply = Array.isArray(replies)
      ? (replies[calls.filter((call) => call.route === route).length - 1] ?? replies.at(-1))
      : replies;
    const { status = 200, body = {}, headers } = reply ?? refusal(...NOT_FOUND);
    return jsonResponse(status, body, headers);
  });
  vi.stubGlobal("fetch", fetch);
  return {
    calls,
    /** The bodies sent to one route, in order. */
    bodiesOf: (route: string) => calls.filter((call) => call.route === route).map((call) => call.body),
  };
}

export type Handler = (request: Request) => Response | Promise<Response>;

const keyOf = (request: Request) => `${request.method} ${new URL(request.url).pathname}`;

/**
 * Stubs `fetch` with handlers keyed "METHOD /v1/path", for answers that depend on the request; anything else goes
 * to `otherwise`, a 404 ROUTE_NOT_FOUND unless given. Requests are kept whole, because multipart bodies are read
 * back with `sentForm`.
 */
export function stubRoutes(routes: Record<string, Handler>, otherwise: Handler = () => errorResponse(...NOT_FOUND)) {
  const calls: string[] = [];
  const requests: Request[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      calls.push(keyOf(request));
      requests.push(request.clone());
      return (routes[keyOf(request)] ?? otherwise)(request);
    }),
  );
  return {
    /** Every request as "METHOD /v1/path", in order. */
    calls,
    requests,
    /** The last request sent as "METHOD /v1/path". */
    last: (key: string) => requests.findLast((request) => keyOf(request) === key),
  };
}

/**
 * A multipart body as the server reads it: the text fields by name, and how many parts each file field has.
 * (jsdom's File reaches Node's fetch as a bare Blob, so file names are not visible here.)
 */
export async function sentForm(
  request: Request | undefined,
): Promise<{ fields: Record<string, string>; files: Record<string, number> }> {
  if (!request) throw new Error("No such request was sent");
  const fields: Record<string, string> = {};
  const files: Record<string, number> = {};
  for (const [name, value] of await request.formData()) {
    if (typeof value === "string") fields[name] = value;
    else files[name] = (files[name] ?? 0) + 1;
  }
  return { fields, files };
}

/** The query of every request to one API path, in order (the stubs' routes leave the query out). */
export function queriesOf(path: string): Record<string, string>[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([request]) => new URL((request as Request).url))
    .filter((url) => url.pathname === `/v1/${path}`)
    .map((url) => Object.fromEntries(url.searchParams));
}
