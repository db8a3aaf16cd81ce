/** The address parameter that names a profile's open tab, so a link can open one (`/profile/mira?tab=reviews`). */
export const PROFILE_TAB_PARAM = "tab";

/** The seller's reviews on their profile. */
export function profileReviewsPath(username: string): string {
  return `/profile/${encodeURIComponent(username)}?${PROFILE_TAB_PARAM}=reviews`;
}
