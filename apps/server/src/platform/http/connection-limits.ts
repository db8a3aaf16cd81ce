import { STATUS_CODES, type Server } from "node:http";
import type { Socket } from "node:net";
import type { ErrorCode } from "@lootlane/contract";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { AppError } from "../errors/app-error.js";
import { errorResponseBody } from "../errors/error-handler.js";
import { wasAnsweredWhileSending } from "./refused-bodies.js";

/** Node checks for expired requests this often at most; its own default (30 s) would double a 30 s bound. */
const LONGEST_CHECK_INTERVAL_MS = 1000;

/**
 * Fastify's server options that bound how long one client can hold a connection: the whole request (head and
 * body) must arrive within `requestTimeoutMs`, counted from the moment the connection opens, so a connection
 * that never sends a byte is answered 408 as well. Fastify leaves it unbounded, so a body that never ended held
 * its connection, and a file descriptor, forever. Idle keep-alive is already bounded by Fastify's default
 * (72 s, above the 60 s idle timeout of common load balancers, so they never reuse a connection we close).
 */
export function connectionTimeouts(config: Config) {
  return {
    requestTimeout: config.requestTimeoutMs,
    // Given to Node's createServer as well: Fastify sets requestTimeout only afterwards, which leaves Node's 60 s
    // bound on the head above it, and then Node never timed out a body that stalled.
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(config.requestTimeoutMs, LONGEST_CHECK_INTERVAL_MS),
    },
    clientErrorHandler: answerClientError,
  };
}

const clientErrorCodes: Partial<Record<string, ErrorCode>> = {
  ERR_HTTP_REQUEST_TIMEOUT: "REQUEST_TIMEOUT",
  HPE_HEADER_OVERFLOW: "PAYLOAD_TOO_LARGE",
};

/**
 * Node's `clientError`: a request that timed out or that Node could not parse, answered in the spec's error
 * format before any route saw it. A timeout is the client's slowness, not our failure: it is logged at info
 * without a stack (thousands of slow clients once wrote an error line with a stack each).
 */
function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A client that hung up is owed nothing.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const appError = new AppError(clientErrorCodes[error.code ?? ""] ?? "MALFORMED_REQUEST");
  const details = { remoteAddress: socket.remoteAddress, code: error.code };
  if (appError.code === "REQUEST_TIMEOUT") this.log.info(details, "request timed out");
  else this.log.debug(details, "request could not be parsed");
  if (socket.writable && !wasAnsweredWhileSending(socket)) {
    const body = JSON.stringify(errorResponseBody(appError, "en"));
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Closes, unanswered, each connection past `max` open ones from the same address. Only where the process is the
 * edge (no trusted proxy): behind a proxy every connection comes from the proxy. Logged once each time an
 * address reaches the cap, not per refused connection, so a flood of them does not flood the log.
 */
export function capConnectionsPerAddress(server: Server, max: number, log: FastifyBaseLogger): void {
  const open = new Map<string, number>();
  const atCap = new Set<string>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return;
    const count = open.get(address) ?? 0;
    if (count >= max) {
      if (!atCap.has(address)) {
        atCap.add(address);
        log.info({ remoteAddress: address, max }, "connections per address at the cap");
      }
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = open.get(address)! - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
      if (left < max) atCap.delete(address);
    });
  });
}
