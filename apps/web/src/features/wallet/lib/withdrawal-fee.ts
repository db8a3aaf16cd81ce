import { kopecksToRoubles, roublesToKopecks } from "@lootlane/contract";

/**
 * The fee the server will take on a withdrawal of `amount` roubles (PAYOUT_FEE_PERCENT), shown before sending,
 * and what leaves the balance: the percent of the amount rounded up to a whole kopeck, as the server rounds it
 * (the fee covers what a payout costs the platform).
 */
export function withdrawalCost(amount: number, feePercent: number): { fee: number; total: number } {
  const amountKopecks = roublesToKopecks(amount);
  // toFixed drops the binary noise of fractional percents (0.29 × 100) before rounding.
  const feeKopecks = Math.ceil(Number(((amountKopecks * feePercent) / 100).toFixed(6)));
  return { fee: kopecksToRoubles(feeKopecks), total: kopecksToRoubles(amountKopecks + feeKopecks) };
}
