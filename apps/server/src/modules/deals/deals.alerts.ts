import type { Deal } from "@lootlane/contract";
import { ADMINS_ROOM, type Realtime } from "../../platform/realtime/socket-server.js";

/** What the deals module tells admins live, once the change has committed. */
export type DealAlerts = { disputeOpened(deal: Deal): void };

/**
 * A buyer's report waits for an admin (ARCHITECTURE.md §4 "Disputes"): every admin's open tabs, on any
 * instance, hear of it at once instead of finding it on their next look at /admin/deals.
 */
export function createDealAlerts(realtime: Pick<Realtime, "io">): DealAlerts {
  return { disputeOpened: (deal) => void realtime.io.to(ADMINS_ROOM).emit("dispute_opened", deal) };
}
