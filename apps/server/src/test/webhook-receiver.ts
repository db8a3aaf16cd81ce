import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import type { Person } from "./test-people.js";

/* The webhook tests' endpoint of a seller's program, a real HTTP server on this machine (issue 25). */

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };
type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

/**
 * An endpoint of a seller's program: records what arrives and answers as the test says. Each test gets a path of its
 * own (`next()`), and `received` holds what reached it, so another test's retries never count.
 */
export async function startReceiver() {
  const all: Received[] = [];
  let current = "/hooks/0";
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = current) => `http://127.0.0.1:${port}${path}`,
    path: () => current,
    get received() {
      return all.filter((entry) => entry.path === current || entry.path.startsWith(`${current}/`));
    },
    next: (name: string) => {
      current = `/hooks/${name}`;
      answer = () => ({ status: 200, body: "ok" });
    },
    answer: (next: (request: Received) => Answer) => (answer = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Registers an endpoint at `url` for `events` as `owner`; answers its id and its secret. */
export async function registerWebhook(owner: Person, events: string[], url: string) {
  const response = await owner.client.post("/v1/webhooks", { url, events });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: string; secret: string };
}
