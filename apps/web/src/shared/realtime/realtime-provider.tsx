import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/api";
import { useCurrentUser } from "@/shared/auth/current-user";
import { RealtimeConnection, type ChatSocket, type SocketFactory } from "./realtime-client";
import { syncNotificationsCache } from "@/shared/notifications/notifications-sync";
import { syncWalletCache } from "@/shared/wallet/wallet-sync";
import { syncChatCache } from "./realtime-cache-sync";

const RealtimeContext = createContext<RealtimeConnection | null>(null);

interface RealtimeProviderProps {
  children: ReactNode;
  /** Tests pass an in-memory socket; the app uses the real one, whose client is downloaded on first sign-in. */
  createSocket?: SocketFactory;
}

/** Any authenticated call renews an expired access cookie: the API client refreshes once on a 401. */
const refreshSession = () => api.get("auth/get-my-user-id");

const loadBrowserSocket = () => import("./browser-socket").then((module) => module.createBrowserSocket);

/**
 * The app's one realtime connection (SPEC §4, §7), open only while someone is signed in: a guest has no chats,
 * and the server refuses a socket without a session. A different user (sign-out, then in as someone else) gets
 * a new connection, so no room of the previous one is carried over.
 */
export function RealtimeProvider({ children, createSocket }: RealtimeProviderProps) {
  const { data: user } = useCurrentUser();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<RealtimeConnection | null>(null);

  useEffect(() => {
    if (!userId) return;
    let next: RealtimeConnection | null = null;
    let stopSync: (() => void)[] = [];
    let closed = false;
    const open = (socket: ChatSocket) => {
      next = new RealtimeConnection(socket, refreshSession);
      stopSync = [
        syncChatCache(next, queryClient),
        syncWalletCache(next, queryClient),
        syncNotificationsCache(next, queryClient),
      ];
      next.connect();
      setConnection(next);
    };
    if (createSocket) {
      open(createSocket());
    } else {
      loadBrowserSocket().then(
        (createBrowserSocket) => {
          if (!closed) open(createBrowserSocket());
        },
        // Without the client there are no live updates; every screen still loads and refetches as usual.
        (error: unknown) => console.error("The realtime client could not be loaded", error),
      );
    }
    return () => {
      closed = true;
      for (const stop of stopSync) stop();
      next?.close();
      setConnection(null);
    };
  }, [userId, createSocket, queryClient]);

  return <RealtimeContext value={connection}>{children}</RealtimeContext>;
}

/** The signed-in user's connection, or null for a guest (and for the moment before it is opened). */
export function useRealtime(): RealtimeConnection | null {
  return useContext(RealtimeContext);
}
