import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminUserPageSchema, type AdminUserPage } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { adminQueryKeys } from "./admin-query-keys";
import { searchAdminUsers } from "./search-admin-users";

/** Users per page of the admin list (SPEC §9 leaves the admin page size open). */
export const ADMIN_USERS_PAGE_SIZE = 20;

/** GET /admin/users: one page of every user, newest first. */
export async function getAdminUsers(page: number, perPage: number): Promise<AdminUserPage> {
  const searchParams = { page, per_page: perPage };
  return adminUserPageSchema.parse(await api.get("admin/users", { searchParams }).json());
}

/**
 * One page of the admin users list: the search's results while `query` is not blank, else every user. The
 * previous page stays on screen while the next one loads, so paging and typing do not flash a skeleton.
 */
export function useAdminUsers(query: string, page: number) {
  const q = query.trim();
  return useQuery({
    queryKey: adminQueryKeys.userList(q, page),
    queryFn: () => (q ? searchAdminUsers(q, page, ADMIN_USERS_PAGE_SIZE) : getAdminUsers(page, ADMIN_USERS_PAGE_SIZE)),
    placeholderData: keepPreviousData,
  });
}
