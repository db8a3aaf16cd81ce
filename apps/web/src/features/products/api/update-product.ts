import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PRODUCT_IMAGES_FIELD, productSchema, type Product } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { productsQueryKey } from "@/shared/catalog/products-query-key";
import type { ProductFields } from "./create-product";

export interface UpdateProductInput {
  productId: string;
  /** Only the fields that changed: the server changes exactly what it is sent. */
  fields: Partial<ProductFields>;
  deletedImageIds: string[];
  newImages: File[];
}

/**
 * PATCH /products/, multipart (SPEC §5 Update product): `product_id`, the changed fields, `deleted_image_ids` as a
 * JSON list only when there are some, and the new images as repeated `uploaded_images` parts.
 */
export async function updateProduct({
  productId,
  fields,
  deletedImageIds,
  newImages,
}: UpdateProductInput): Promise<Product> {
  const body = new FormData();
  body.append("product_id", productId);
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, String(value));
  if (deletedImageIds.length > 0) body.append("deleted_image_ids", JSON.stringify(deletedImageIds));
  for (const image of newImages) body.append(PRODUCT_IMAGES_FIELD, image);
  return productSchema.parse(await api.patch("products/", { body }).json());
}

/** Saves the owner's edit. Status, text and category decide which lists show the product, so every product read is stale. */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    // The form shows the refusal next to its fields.
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
