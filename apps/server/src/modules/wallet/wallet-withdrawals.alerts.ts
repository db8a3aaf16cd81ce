import { WALLET_CHANGED_EVENT, type WalletChanged } from "@lootlane/contract";
import { personalRoom, type Realtime } from "../../platform/realtime/socket-server.js";

/**
 * A withdrawal decided by an admin or settled by ЮKassa moved the user's money outside any request of theirs:
 * their open tabs, on any instance, reload the wallet. Called after the change committed.
 */
export function createWithdrawalAlerts(realtime: Pick<Realtime, "io">): (userId: string, withdrawalId: string) => void {
  return (userId, withdrawalId) =>
    void realtime.io
      .to(personalRoom(userId))
      .emit(WALLET_CHANGED_EVENT, { withdrawal_id: withdrawalId } satisfies WalletChanged);
}
