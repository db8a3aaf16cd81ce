import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CATEGORY_IMAGE_FIELD, categorySchema, type Category } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { categoriesQueryKey } from "@/shared/catalog/categories";

export interface CreateCategoryInput {
  name: string;
  description: string;
  /** The Russian name and description; left empty, the server uses the English ones. */
  nameRu: string;
  descriptionRu: string;
  image: File;
  /** The game a subcategory belongs to; left out for a new game. */
  parentId?: string;
}

/**
 * POST /admin/category, multipart: name, description, the Russian ones when given, the image in `uploaded_image`,
 * and the parent for a subcategory.
 */
export async function createCategory({
  name,
  description,
  nameRu,
  descriptionRu,
  image,
  parentId,
}: CreateCategoryInput): Promise<Category> {
  const body = new FormData();
  body.append("name", name);
  body.append("description", description);
  if (nameRu) body.append("name_ru", nameRu);
  if (descriptionRu) body.append("description_ru", descriptionRu);
  if (parentId) body.append("parent_category_id", parentId);
  body.append(CATEGORY_IMAGE_FIELD, image);
  return categorySchema.parse(await api.post("admin/category", { body }).json());
}

/** Adds a game or a subcategory; every category list (the admin's and the catalogue's pickers) refreshes. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    // The dialog shows the refusal and keeps what was typed.
    meta: { notifyError: false },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}
