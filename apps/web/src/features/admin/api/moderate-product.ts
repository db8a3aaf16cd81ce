import { useMutation, useQueryClient } from "@tanstack/react-query";
import { moderationResultSchema, type RejectProductBody } from "@lootlane/contract";
import { api } from "@/shared/api/api";
import { productsQueryKey } from "@/shared/catalog/products-query-key";
import { adminProductsQueryKey } from "./admin-products-query-key";
import { adminQueryKeys } from "./admin-query-keys";

/** SPEC §7: a moderation call succeeds only with status 200 and the body `true`; anything else throws. */
export async function postModeration(
  path: "admin/products/approve" | "admin/products/reject",
  request: RejectProductBody,
): Promise<void> {
  moderationResultSchema.parse(await api.post(path, { json: request }).json());
}

/**
 * A moderation decision changes which lists show the product (the public catalogue, the seller's own list)
 * and the dashboard's moderation count, so all of them are refreshed. The admin list is awaited: the item keeps
 * its buttons disabled until it shows its new status, so the same decision cannot be sent twice.
 */
export function useModerationMutation<Request>(mutationFn: (request: Request) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The item tells the admin what went wrong itself.
    meta: { notifyError: false },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminProductsQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.dashboard }),
      ]),
  });
}
