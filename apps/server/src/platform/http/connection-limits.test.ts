import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { Writable } from "node:stream";
import { errorText } from "@lootlane/contract";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../../config.js";
import { createTestApp, type TestApp } from "../../test/test-app.js";

type LogLine = { level: number; msg?: string; err?: unknown };

type ListeningApp = {
  t: TestApp;
  port: number;
  logs: LogLine[];
  /** Resolves once the app has logged a line with this message. */
  logged(msg: string): Promise<void>;
};

/** A listening test app whose log lines the test reads. */
async function listeningApp(overrides: Partial<Config>): Promise<ListeningApp> {
  const logs: LogLine[] = [];
  const lines = new EventEmitter();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      const line = JSON.parse(String(chunk)) as LogLine;
      logs.push(line);
      lines.emit("line", line);
      done();
    },
  });
  const t = await createTestApp(overrides, { logger: { level: "debug", stream } });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const logged = (msg: string) =>
    new Promise<void>((resolve) => {
      if (logs.some((line) => line.msg === msg)) return resolve();
      const listener = (line: LogLine) => {
        if (line.msg !== msg) return;
        lines.off("line", listener);
        resolve();
      };
      lines.on("line", listener);
    });
  return { t, port: (t.app.server.address() as AddressInfo).port, logs, logged };
}

type RawClient = {
  socket: Socket;
  /** The first bytes the server sent. */
  answered: Promise<string>;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
};

/** A TCP client from `localAddress` (any 127.x.y.z is this machine on Linux) that writes `head` and then stalls. */
function rawClient(port: number, localAddress: string, head: string): RawClient {
  const socket = connect({ port, host: "127.0.0.1", localAddress });
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  socket.on("error", () => undefined);
  socket.on("connect", () => socket.write(head));
  return {
    socket,
    answered: new Promise((resolve) => socket.once("data", (chunk: Buffer) => resolve(chunk.toString()))),
    closed: new Promise((resolve) => socket.once("close", () => resolve(received))),
  };
}

const unfinishedBody =
  "POST /v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n" +
  '{"email":"slow@example.com",';
const unfinishedHead = "GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";

const errorLines = (logs: LogLine[]) => logs.filter((line) => line.level >= 50);

let open: { t: TestApp; clients: RawClient[] } | undefined;
afterEach(async () => {
  for (const client of open?.clients ?? []) client.socket.destroy();
  await open?.t.close();
  open = undefined;
});

describe("slow clients", () => {
  it("answer a request whose body never ends 408 REQUEST_TIMEOUT, logged at info without a stack", async () => {
    const { t, port, logs, logged } = await listeningApp({ requestTimeoutMs: 300 });
    const client = rawClient(port, "127.0.0.1", unfinishedBody);
    open = { t, clients: [client] };

    const answer = await client.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
      detail: { error_code: "REQUEST_TIMEOUT", error_message: errorText("REQUEST_TIMEOUT", "en") },
    });
    // The route that was reading the body learns of the cut last.
    await logged("request aborted before its body arrived");
    expect(logs.filter((line) => line.msg === "request timed out").map((line) => line.level)).toEqual([30]);
    expect(errorLines(logs)).toEqual([]);
    expect(logs.filter((line) => line.err !== undefined)).toEqual([]);
  });

  it("log a client that hangs up in the middle of its body at info, without a stack", async () => {
    const { t, port, logs, logged } = await listeningApp({});
    const client = rawClient(port, "127.0.0.1", unfinishedBody);
    open = { t, clients: [client] };

    await logged("incoming request");
    client.socket.destroy();
    await logged("request aborted before its body arrived");
    expect(errorLines(logs)).toEqual([]);
    expect(logs.filter((line) => line.err !== undefined)).toEqual([]);
  });

  it("answer a connection that never sends anything 408 and close it", async () => {
    const { t, port, logs } = await listeningApp({ requestTimeoutMs: 300 });
    const client = rawClient(port, "127.0.0.1", "");
    open = { t, clients: [client] };

    expect(await client.closed).toMatch(/^HTTP\/1\.1 408 /);
    expect(errorLines(logs)).toEqual([]);
  });

  it("keep answering others while 2,000 slow clients from one address hold on", async () => {
    const cap = 50;
    // The held connections must not time out while the test runs: only the cap may close them.
    const { t, port, logs } = await listeningApp({ maxConnectionsPerIp: cap, requestTimeoutMs: 600_000 });
    const clients = Array.from({ length: 2000 }, () => rawClient(port, "127.0.0.2", unfinishedHead));
    open = { t, clients };

    // Every connection past the cap is closed unanswered at once; exactly `cap` of them are held.
    let refused = 0;
    await new Promise<void>((resolve) => {
      for (const client of clients)
        void client.closed.then((answer) => {
          expect(answer).toBe("");
          if (++refused === clients.length - cap) resolve();
        });
    });

    const health = await fetch(`http://127.0.0.1:${port}/v1/health`);
    expect(health.status).toBe(200);

    const another = rawClient(port, "127.0.0.2", "GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    clients.push(another);
    expect(await another.closed).toBe("");

    expect(logs.filter((line) => line.msg === "connections per address at the cap")).toHaveLength(1);
    expect(errorLines(logs)).toEqual([]);
  });

  it("take no count of addresses behind a trusted proxy, where every client shares the proxy's address", async () => {
    const { t, port } = await listeningApp({ maxConnectionsPerIp: 1, trustProxy: ["127.0.0.2"] });
    // Answered, so the server has taken it; kept alive, so it stays open.
    const held = rawClient(port, "127.0.0.2", "GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    open = { t, clients: [held] };
    expect(await held.answered).toMatch(/^HTTP\/1\.1 200 /);

    const second = rawClient(
      port,
      "127.0.0.2",
      "GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    open.clients.push(second);
    expect(await second.closed).toMatch(/^HTTP\/1\.1 200 /);
  });
});
