import { request } from "node:http";
import { connect } from "node:net";

export type HeldRequest = {
  /** Sends the rest of the body; answers the status and the body of the answer. */
  finish(): Promise<{ status: number; body: string }>;
  /** Whether an answer (or an error) has come before the body was finished. */
  settledEarly(): boolean;
};

/**
 * A JSON request that sends its headers and half its body, then waits for `finish()`: as a client on a slow
 * link, it is in flight for as long as the test wants, whatever the machine's speed.
 */
export function holdRequest(baseUrl: string, method: string, path: string, body: unknown, cookie: string): HeldRequest {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  const { hostname, port } = new URL(baseUrl);
  let settled = false;
  const outgoing = request({
    host: hostname,
    port,
    method,
    path,
    headers: { origin: baseUrl, cookie, "content-type": "application/json", "content-length": String(payload.length) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    outgoing.on("response", (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
  }).finally(() => (settled = true));
  // Kept from being an unhandled rejection until finish() hands it over.
  answer.catch(() => undefined);
  outgoing.write(payload.subarray(0, half));
  return {
    finish: () => {
      outgoing.end(payload.subarray(half));
      return answer;
    },
    settledEarly: () => settled,
  };
}

/** Whether a new TCP connection to the server is refused (nothing listens) rather than accepted. */
export function connectionRefused(baseUrl: string): Promise<boolean> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}
