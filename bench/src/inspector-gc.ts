import { createServer } from "node:net";

/**
 * A process's heap, read and collected through its inspector (`--inspect=127.0.0.1:<port>`, Chrome DevTools
 * Protocol). V8 does not collect an idle process's garbage: the memory of sockets that left stays resident until
 * some later allocation sets off a full collection, so reading RSS from outside measured the collector's laziness.
 */
export type HeapInspector = {
  /** A full, compacting collection, as DevTools' "collect garbage" runs. */
  collectGarbage(): Promise<void>;
  /** Bytes in use on the V8 heap. */
  heapUsed(): Promise<number>;
  /** The value of a JavaScript expression evaluated in the process (JSON-serialisable). */
  evaluate(expression: string): Promise<unknown>;
  close(): void;
};

/** A port free on 127.0.0.1 for a child's inspector to listen on. */
export async function freeInspectorPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The node flag that has the child's inspector listen on `port`. */
export const inspectFlag = (port: number) => `--inspect=127.0.0.1:${port}`;

export async function openHeapInspector(port: number): Promise<HeapInspector> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
    pending.delete(message.id!);
  });
  let nextId = 1;
  const call = (method: string, params?: object) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    collectGarbage: async () => void (await call("HeapProfiler.collectGarbage")),
    heapUsed: async () => ((await call("Runtime.getHeapUsage")) as { usedSize: number }).usedSize,
    evaluate: async (expression) =>
      ((await call("Runtime.evaluate", { expression, returnByValue: true })) as { result: { value: unknown } }).result
        .value,
    close: () => socket.close(),
  };
}
