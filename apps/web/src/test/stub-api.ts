import { vi } from "vitest";

export interface StubReply {
  status?: number;
  body?: unknown;
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
    const { status = 200, body = {} } = reply ?? refusal(404, "ROUTE_NOT_FOUND", "There is no such API address");
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return {
    calls,
    /** The bodies sent to one route, in order. */
    bodiesOf: (route: string) => calls.filter((call) => call.route === route).map((call) => call.body),
  };
}
