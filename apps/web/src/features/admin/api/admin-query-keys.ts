/**
 * Query keys of the admin dashboard and user management, in one place so a mutation invalidates exactly what it
 * changes. Everything about users sits under `users`: invalidating it refreshes every list page, every search
 * and every edited user.
 */
export const adminQueryKeys = {
  dashboard: ["admin", "dashboard"] as const,
  users: ["admin", "users"] as const,
  userList: (query: string, page: number) => [...adminQueryKeys.users, "list", { query, page }] as const,
  user: (id: string) => [...adminQueryKeys.users, "detail", id] as const,
};
