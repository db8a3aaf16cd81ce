import { vi } from "vitest";
import type { PublicProfile, User } from "@lootlane/contract";

type Handler = (request: Request) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

export function errorResponse(status: number, code: string, message: string): Response {
  return jsonResponse(status, { detail: { error_code: code, error_message: message } });
}

/**
 * Stubs `fetch` with routes keyed "METHOD /v1/path"; anything else answers 404 like the server would.
 * `calls` lists every request in order and `requests` keeps them, so a test can read what was sent.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: string[] = [];
  const requests: Request[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const key = `${request.method} ${new URL(request.url).pathname}`;
      calls.push(key);
      requests.push(request.clone());
      const handler = routes[key];
      return handler ? handler(request) : errorResponse(404, "NOT_FOUND", "No such route");
    }),
  );
  return { calls, requests };
}

/** The user as anyone else sees them: the public fields only (SPEC §3). */
export function publicProfileOf(user: User): PublicProfile {
  const { username, avatar_url, description, is_active, is_banned, rating, created_at } = user;
  return { username, avatar_url, description, is_active, is_banned, rating, created_at };
}
