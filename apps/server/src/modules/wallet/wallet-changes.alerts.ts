import { WALLET_CHANGED_EVENT, type WalletChanged } from "@lootlane/contract";
import { personalRoom, type Realtime } from "../../platform/realtime/socket-server.js";

/** What the wallet tells a user's own tabs live, once a change of their money has committed. */
export type WalletAlerts = { walletChanged(userId: string, change: WalletChanged): void };

/**
 * Money moves outside the user's own requests (a provider's notification, the re-check job, an admin's decision):
 * every open tab of theirs, on any instance, reloads the balance instead of showing the old one until a refresh.
 */
export function createWalletAlerts(realtime: Pick<Realtime, "io">): WalletAlerts {
  return {
    walletChanged: (userId, change) => void realtime.io.to(personalRoom(userId)).emit(WALLET_CHANGED_EVENT, change),
  };
}
