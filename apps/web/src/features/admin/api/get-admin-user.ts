import { useQuery } from "@tanstack/react-query";
import { userSchema, type User } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { adminQueryKeys } from "./admin-query-keys";

/** GET /admin/user/{id}: the full user, as the edit form shows it. */
export async function getAdminUser(id: string): Promise<User> {
  return userSchema.parse(await api.get(`admin/user/${encodeURIComponent(id)}`).json());
}

export function useAdminUser(id: string) {
  return useQuery({ queryKey: adminQueryKeys.user(id), queryFn: () => getAdminUser(id) });
}
