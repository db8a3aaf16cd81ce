import type { Deal } from "@lootlane/contract";

/**
 * Whether a completed deal's guarantee window is still open (issue 22): its buyer may still open a dispute and the
 * seller's earnings are held. The server decides for sure; this only chooses what to offer.
 */
export function inGuaranteeWindow(deal: Deal, now = Date.now()): boolean {
  return (
    deal.status === "completed" &&
    deal.guarantee_until !== null &&
    deal.guarantee_released_at === null &&
    Date.parse(deal.guarantee_until) > now
  );
}
