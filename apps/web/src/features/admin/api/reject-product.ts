import type { RejectProductBody } from "@lootlane/contract";
import { postModeration, useModerationMutation } from "./moderate-product";

/**
 * POST /admin/products/reject `{product_id, reason}`: a product in moderation is refused (status `rejected`) with
 * the reason its seller reads.
 */
export function rejectProduct(request: RejectProductBody): Promise<void> {
  return postModeration("admin/products/reject", request);
}

export function useRejectProduct() {
  return useModerationMutation(rejectProduct);
}
