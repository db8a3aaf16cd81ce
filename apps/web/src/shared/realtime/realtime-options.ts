import { RECONNECT, SOCKET_CONNECT_TIMEOUT_MS } from "@lootlane/contract";
import type { ManagerOptions, SocketOptions } from "socket.io-client";

/**
 * SPEC §4 and §7: websocket transport only (no long-polling, so no sticky sessions behind a load balancer), the
 * access cookie sent along, a 20 s connect timeout, and reconnection for as long as the page lives with a
 * backoff from 1 s to 5 s and 50 % jitter, so a restarted server is not hit by every client in the same second.
 * Not connected on creation: the provider connects only while someone is signed in.
 */
export const realtimeSocketOptions = {
  path: "/socket.io",
  transports: ["websocket"],
  withCredentials: true,
  timeout: SOCKET_CONNECT_TIMEOUT_MS,
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: RECONNECT.baseMs,
  reconnectionDelayMax: RECONNECT.maxMs,
  randomizationFactor: RECONNECT.jitter,
  autoConnect: false,
} as const satisfies Partial<ManagerOptions & SocketOptions>;
