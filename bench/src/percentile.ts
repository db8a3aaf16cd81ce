/** The value at quantile `q` of sorted latencies, in milliseconds with one decimal; NaN when nothing was measured. */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  return Math.round(value * 10) / 10;
}
