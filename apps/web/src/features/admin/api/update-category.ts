import { useMutation, useQueryClient } from "@tanstack/react-query";
import { categorySchema, type Category, type UpdateCategoryRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { categoriesQueryKey } from "@/shared/catalog/categories";

/** PATCH /admin/category/{id}: only the fields given change (issue 22: the guarantee period). */
export async function updateCategory({ id, ...changes }: UpdateCategoryRequest & { id: string }): Promise<Category> {
  return categorySchema.parse(await api.patch(`admin/category/${id}`, { json: changes }).json());
}

/** Changes a category; every category list refreshes, and product pages read their guarantee anew. */
export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
