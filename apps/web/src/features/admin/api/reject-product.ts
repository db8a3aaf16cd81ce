import { postModeration, useModerationMutation } from "./moderate-product";

/** POST /admin/products/reject `{product_id}`: a product in moderation is refused (status `rejected`). */
export function rejectProduct(productId: string): Promise<void> {
  return postModeration("admin/products/reject", productId);
}

export function useRejectProduct() {
  return useModerationMutation(rejectProduct);
}
