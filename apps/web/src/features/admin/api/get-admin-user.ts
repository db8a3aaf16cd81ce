import { useQuery } from "@tanstack/react-query";
import { adminUserSchema, userSchema, type AdminUser } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { adminQueryKeys } from "./admin-query-keys";

/**
 * The admin's view of a user (GET and PATCH /admin/user/{id}). A server that does not count linked-account
 * reviews yet answers the plain User; it is shown without the flag rather than not at all.
 */
export function parseAdminUser(answer: unknown): AdminUser {
  const parsed = adminUserSchema.safeParse(answer);
  return parsed.success ? parsed.data : { ...userSchema.parse(answer), linked_account_reviews: 0 };
}

/** GET /admin/user/{id}: the full user, as the edit form shows it. */
export async function getAdminUser(id: string): Promise<AdminUser> {
  return parseAdminUser(await api.get(`admin/user/${encodeURIComponent(id)}`).json());
}

export function useAdminUser(id: string) {
  return useQuery({ queryKey: adminQueryKeys.user(id), queryFn: () => getAdminUser(id) });
}
