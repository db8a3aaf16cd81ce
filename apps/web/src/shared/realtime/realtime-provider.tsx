import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "@/shared/api/api";
import { useCurrentUser } from "@/shared/auth/current-user";
import { createBrowserSocket, RealtimeConnection, type SocketFactory } from "./realtime-client";
import { syncChatCache } from "./realtime-cache-sync";

const RealtimeContext = createContext<RealtimeConnection | null>(null);

interface RealtimeProviderProps {
  children: ReactNode;
  /** Tests pass an in-memory socket; the app uses the real one. */
  createSocket?: SocketFactory;
}

/** Any authenticated call renews an expired access cookie: the API client refreshes once on a 401. */
const refreshSession = () => api.get("auth/get-my-user-id");

/**
 * The app's one realtime connection (SPEC §4, §7), open only while someone is signed in: a guest has no chats,
 * and the server refuses a socket without a session. A different user (sign-out, then in as someone else) gets
 * a new connection, so no room of the previous one is carried over.
 */
export function RealtimeProvider({ children, createSocket = createBrowserSocket }: RealtimeProviderProps) {
  const { data: user } = useCurrentUser();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<RealtimeConnection | null>(null);

  useEffect(() => {
    if (!userId) return;
    const next = new RealtimeConnection(createSocket(), refreshSession);
    const stopSync = syncChatCache(next, queryClient);
    next.connect();
    setConnection(next);
    return () => {
      stopSync();
      next.close();
      setConnection(null);
    };
  }, [userId, createSocket, queryClient]);

  return <RealtimeContext value={connection}>{children}</RealtimeContext>;
}

/** The signed-in user's connection, or null for a guest (and for the moment before it is opened). */
export function useRealtime(): RealtimeConnection | null {
  return useContext(RealtimeContext);
}
