import { useQuery } from "@tanstack/react-query";
import { categoryListSchema, type Category } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { categoriesQueryKey } from "@/shared/catalog/categories";

// Under the catalogue's key, so every change that refreshes the public lists refreshes this one too.
export const adminCategoriesQueryKey = [...categoriesQueryKey, "admin"] as const;

/** GET /admin/categories: every category, hidden ones too, games first, each group in the admin's order. */
export async function getAdminCategories(): Promise<Category[]> {
  return categoryListSchema.parse(await api.get("admin/categories").json());
}

export function useAdminCategories() {
  return useQuery({ queryKey: adminCategoriesQueryKey, queryFn: getAdminCategories });
}
