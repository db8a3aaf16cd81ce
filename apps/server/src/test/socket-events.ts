import type { ClientToServerEvents, ServerToClientEvents } from "@lootlane/contract";
import type { Socket } from "socket.io-client";

/** A socket like the web app's. Kept apart from test-chats.ts so that e2e can wait for events without the app. */
export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type EventName = keyof ServerToClientEvents;
export type EventPayload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * How long a test waits for an event that should come from one app. It only decides how soon a broken test fails,
 * never whether a working one passes: on a loaded 2-CPU machine a burst of 100 messages and 20 purchases took
 * over 5 s to be acknowledged, so the bound is half the server tests' 60 s timeout.
 */
export const EVENT_TIMEOUT_MS = 30_000;

/** The next `event` on the socket that matches, or a failure after `timeoutMs`; listen before doing what should cause it. */
export function nextEvent<E extends EventName>(
  socket: ChatSocket,
  event: E,
  matches: (payload: EventPayload<E>) => boolean = () => true,
  timeoutMs = EVENT_TIMEOUT_MS,
): Promise<EventPayload<E>> {
  return new Promise((resolve, reject) => {
    const listener = (payload: EventPayload<E>) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no matching ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(event, listener as never);
  });
}
