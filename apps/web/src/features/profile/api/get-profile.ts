import { queryOptions, useQuery } from "@tanstack/react-query";
import { ownProfileSchema, visitorProfileSchema, type OwnProfile, type VisitorProfile } from "@lootlane/contract";
import { api } from "@/shared/api/api";

/**
 * The owner gets the full user (balance, frozen flag); everyone else the public profile (SPEC §3). Both carry the
 * user's stats as a seller.
 */
export type Profile = { view: "owner"; user: OwnProfile } | { view: "visitor"; user: VisitorProfile };

/** Every cached view of one username; invalidating it refreshes the profile for whoever is looking. */
export const profileQueryKey = (username: string) => ["users", username] as const;

/**
 * The viewer is part of the key: when the session ends without a sign-out (a failed refresh), the owner's
 * cached view with the balance must not be shown to the guest the visitor has become.
 */
export const profileViewQueryKey = (username: string, viewer: string | null) =>
  [...profileQueryKey(username), { viewer }] as const;

/** GET /users/{username}: parsed with the schema of the view the server answers with. */
export async function getProfile(username: string, own: boolean): Promise<Profile> {
  const body = await api.get(`users/${encodeURIComponent(username)}`).json();
  return own
    ? { view: "owner", user: ownProfileSchema.parse(body) }
    : { view: "visitor", user: visitorProfileSchema.parse(body) };
}

export function profileQueryOptions(username: string, viewer: string | null) {
  // Names are unique ignoring case on the server, so /profile/MIRA is still mira's own profile.
  const own = viewer !== null && viewer.toLowerCase() === username.toLowerCase();
  return queryOptions({
    queryKey: profileViewQueryKey(username, viewer),
    queryFn: () => getProfile(username, own),
  });
}

/** The profile at /profile/{username}; `viewer` is the signed-in user's name, null for a guest. */
export function useProfile(username: string, viewer: string | null) {
  return useQuery(profileQueryOptions(username, viewer));
}
