/**
 * The wallet's reads, under one root: whatever moves the user's money (a purchase, a top-up settling, a
 * withdrawal decided) invalidates `walletQueryKey` and every figure, statement page and list is fetched again.
 */
export const walletQueryKey = ["wallet"] as const;
export const walletSummaryQueryKey = [...walletQueryKey, "summary"] as const;
export const topUpQueryKey = (id: string) => [...walletQueryKey, "top-up", id] as const;
