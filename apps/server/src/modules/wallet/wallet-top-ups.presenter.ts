import { kopecksToRoubles, type TopUp as TopUpView } from "@lootlane/contract";
import type { TopUp } from "../../db/schema/wallet.js";

/** A top-up as its owner sees it: where to pay only while it is still pending. */
export function presentTopUp(topUp: TopUp): TopUpView {
  return {
    id: topUp.id,
    status: topUp.status,
    amount: kopecksToRoubles(topUp.amountKopecks),
    confirmation_url: topUp.status === "pending" ? topUp.confirmationUrl : null,
    return_path: topUp.returnPath,
    created_at: topUp.createdAt.toISOString(),
  };
}
