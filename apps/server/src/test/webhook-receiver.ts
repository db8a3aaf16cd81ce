import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { Person } from "./test-people.js";

/* The webhook tests' endpoint of a seller's program, a real HTTP server on this machine (issue 25). */

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };
type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

/**
 * An endpoint of a seller's program for the file's tests: listening from before the first test to after the last.
 * Each test gets a path of its own, and `received` holds what reached it, so another test's retries never count.
 */
export function useReceiver() {
  const all: Received[] = [];
  let current = "/hooks/0";
  let tests = 0;
  let answer: (request: Received) => Answer = () => ({ status: 200, body: "ok" });
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = { path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString() };
      all.push(entry);
      const { status, body = "", headers = {}, delayMs = 0 } = answer(entry);
      setTimeout(() => response.writeHead(status, headers).end(body), delayMs);
    });
  });
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)));
  beforeEach(() => {
    current = `/hooks/${++tests}`;
    answer = () => ({ status: 200, body: "ok" });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = (path = current) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return {
    url,
    path: () => current,
    get received() {
      return all.filter((entry) => entry.path === current || entry.path.startsWith(`${current}/`));
    },
    answer: (next: (request: Received) => Answer) => (answer = next),
    /** Registers an endpoint for `events` as `owner`, at this test's path unless told; answers its id and secret. */
    register: async (owner: Person, events: string[], at = url()) => {
      const response = await owner.client.post("/v1/webhooks", { url: at, events });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { id: string; secret: string };
    },
  };
}
