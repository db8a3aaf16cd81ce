import { productDetailSchema, type ProductDetail, type TakeDownProductBody } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { useModerationMutation } from "./moderate-product";

/**
 * POST /admin/products/take-down `{product_id, reason}` (issue 19): a listing that passed moderation goes off sale
 * for good (`withdrawn`) with the reason its seller reads. Answers the listing.
 */
export async function takeDownProduct(request: TakeDownProductBody): Promise<ProductDetail> {
  return productDetailSchema.parse(await api.post("admin/products/take-down", { json: request }).json());
}

/** Refreshes what a moderation decision does: the listing leaves the catalogue as a rejection keeps it out. */
export function useTakeDownProduct() {
  return useModerationMutation(takeDownProduct);
}
