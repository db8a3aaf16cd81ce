import { kopecksToRoubles, roublesToKopecks } from "@lootlane/contract";

/**
 * The fee the server will take on a withdrawal of `amount` roubles (PAYOUT_FEE_PERCENT), shown before sending:
 * the percent of the amount in whole kopecks, rounded as the server rounds it, and what leaves the balance.
 */
export function withdrawalCost(amount: number, feePercent: number): { fee: number; total: number } {
  const amountKopecks = roublesToKopecks(amount);
  // toFixed drops the binary noise of fractional percents (0.29 × 100) before rounding.
  const feeKopecks = Math.floor(Number(((amountKopecks * feePercent) / 100).toFixed(6)));
  return { fee: kopecksToRoubles(feeKopecks), total: kopecksToRoubles(amountKopecks + feeKopecks) };
}
