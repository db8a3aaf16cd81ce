import { useEffect, useEffectEvent, useSyncExternalStore } from "react";
import type { ServerToClientEvents } from "@lootlane/contract";
import { useRealtime } from "./realtime-provider";

/** Calls `handler` for every `event` the server sends while the component is mounted and someone is signed in. */
export function useRealtimeEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: (...args: Parameters<ServerToClientEvents[E]>) => void,
): void {
  const connection = useRealtime();
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    if (!connection) return;
    const listener = (...args: Parameters<ServerToClientEvents[E]>) => onEvent(...args);
    // Socket.IO's typed `on` cannot narrow a generic event name to its listener; the signature above keeps them paired.
    const socket = connection.socket as unknown as {
      on(e: string, l: typeof listener): void;
      off(e: string, l: typeof listener): void;
    };
    socket.on(event, listener);
    return () => socket.off(event, listener);
  }, [connection, event]);
}

function noSubscription(): () => void {
  return () => undefined;
}

/** Whether live updates are arriving now. */
export function useRealtimeConnected(): boolean {
  const connection = useRealtime();
  return useSyncExternalStore(connection?.subscribe ?? noSubscription, () => connection?.connected ?? false);
}
