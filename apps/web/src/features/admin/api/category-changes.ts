import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  CATEGORY_IMAGE_FIELD,
  categoryListSchema,
  categorySchema,
  type Category,
  type ReorderCategoriesRequest,
} from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { categoriesQueryKey } from "@/shared/catalog/categories";

/** PUT /admin/category/{id}/image, multipart: the new picture in `uploaded_image`. */
export async function replaceCategoryImage({ id, image }: { id: string; image: File }): Promise<Category> {
  const body = new FormData();
  body.append(CATEGORY_IMAGE_FIELD, image);
  return categorySchema.parse(await api.put(`admin/category/${id}/image`, { body }).json());
}

/** POST /admin/categories/reorder: the whole new order of one parent's children. */
export async function reorderCategories(order: ReorderCategoriesRequest): Promise<Category[]> {
  return categoryListSchema.parse(await api.post("admin/categories/reorder", { json: order }).json());
}

/** DELETE /admin/category/{id}: refused with CATEGORY_NOT_EMPTY while anything is listed under it. */
export async function deleteCategory(id: string): Promise<void> {
  await api.delete(`admin/category/${id}`);
}

/** Each change refreshes every category list, the admin's and the catalogue's. */
function useCategoryChange<I, O>(mutationFn: (input: I) => Promise<O>, notifyError = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { notifyError },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}

export const useReplaceCategoryImage = () => useCategoryChange(replaceCategoryImage, false);
export const useReorderCategories = () => useCategoryChange(reorderCategories);
// The confirmation dialog shows the refusal (CATEGORY_NOT_EMPTY) itself.
export const useDeleteCategory = () => useCategoryChange(deleteCategory, false);
