import type { QueryClient } from "@tanstack/react-query";
import { WALLET_CHANGED_EVENT } from "@lootlane/contract";
import { currentUserQueryKey } from "@/shared/auth/current-user";
import type { RealtimeConnection } from "@/shared/realtime/realtime-client";
import { walletQueryKey } from "./wallet-query-keys";

/** Everything that shows the user's money: the balance of the current user (header, profile, Buy dialog) and the wallet. */
export function refreshMoney(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    queryClient.invalidateQueries({ queryKey: walletQueryKey }),
  ]);
}

/**
 * Money that moved outside the user's own requests (a top-up settled, a withdrawal paid or returned) arrives as
 * `wallet_changed`: what shows it is fetched again. Events sent while the connection was down are lost, so a
 * reconnect refetches too.
 */
export function syncWalletCache(connection: RealtimeConnection, queryClient: QueryClient): () => void {
  const { socket } = connection;
  let connectedBefore = socket.connected;
  const onConnect = () => {
    if (connectedBefore) void refreshMoney(queryClient);
    connectedBefore = true;
  };
  const onWalletChanged = () => void refreshMoney(queryClient);
  socket.on("connect", onConnect);
  socket.on(WALLET_CHANGED_EVENT, onWalletChanged);
  return () => {
    socket.off("connect", onConnect);
    socket.off(WALLET_CHANGED_EVENT, onWalletChanged);
  };
}
