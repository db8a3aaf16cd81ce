/**
 * The root of every cached deal read (a user's purchases and sales). Buying, confirming, reporting and a deal
 * message arriving live all invalidate it: each of them moves a deal between statuses.
 */
export const dealsQueryKey = ["deals"] as const;

/** The reviews a user received as a seller; a new review or reply invalidates them. */
export const reviewsQueryKey = (username: string) => ["reviews", username.toLowerCase()] as const;
