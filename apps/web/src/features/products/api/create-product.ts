import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PRODUCT_IMAGES_FIELD, productSchema, type CreateProductFields, type Product } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { productsQueryKey } from "@/shared/catalog/products-query-key";

/** The text fields of a create or update request as sent: the units go as the text the seller pasted. */
export type ProductFields = Omit<CreateProductFields, "stock_items"> & { stock_items?: string };

export interface CreateProductInput {
  fields: ProductFields;
  images: File[];
}

/** POST /products/, multipart: the text fields, then each image as its own `uploaded_images` part. */
export async function createProduct({ fields, images }: CreateProductInput): Promise<Product> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, String(value));
  for (const image of images) body.append(PRODUCT_IMAGES_FIELD, image);
  return productSchema.parse(await api.post("products/", { body }).json());
}

/** Lists a new product. It starts in moderation, so only its seller's own lists change; all are marked stale. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    // The form shows the refusal next to its fields.
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
