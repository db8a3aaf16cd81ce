import { adminUserPageSchema, type AdminUserPage } from "@lootlane/contract";
import { api } from "@/shared/api/api";

/** GET /admin/users/search: one page of the users whose username or e-mail contains `query`. */
export async function searchAdminUsers(query: string, page: number, perPage: number): Promise<AdminUserPage> {
  const searchParams = { q: query, page, per_page: perPage };
  return adminUserPageSchema.parse(await api.get("admin/users/search", { searchParams }).json());
}
