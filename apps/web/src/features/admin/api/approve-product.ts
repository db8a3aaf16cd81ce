import { postModeration, useModerationMutation } from "./moderate-product";

/** POST /admin/products/approve `{product_id}`: a product in moderation goes on sale (status `active`). */
export function approveProduct(productId: string): Promise<void> {
  return postModeration("admin/products/approve", { product_id: productId });
}

export function useApproveProduct() {
  return useModerationMutation(approveProduct);
}
