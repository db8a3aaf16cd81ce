import { useQuery } from "@tanstack/react-query";
import { adminUserPageSchema, type AdminUserPage } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { adminQueryKeys } from "./admin-query-keys";

/** How many matches a user picker offers: enough to choose from, few enough to read. */
const PICKER_SIZE = 10;

/** GET /admin/users/search: one page of the users whose username or e-mail contains `query`. */
export async function searchAdminUsers(query: string, page: number, perPage: number): Promise<AdminUserPage> {
  const searchParams = { q: query, page, per_page: perPage };
  return adminUserPageSchema.parse(await api.get("admin/users/search", { searchParams }).json());
}

/** The users a picker offers for what was typed; nothing is asked until something is typed. */
export function useUserPickerOptions(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: [...adminQueryKeys.users, "picker", q] as const,
    queryFn: () => searchAdminUsers(q, 1, PICKER_SIZE),
    enabled: q !== "",
  });
}
