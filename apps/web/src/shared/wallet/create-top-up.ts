import { useMutation } from "@tanstack/react-query";
import { IDEMPOTENCY_KEY_HEADER, topUpSchema, type TopUp, type TopUpRequest } from "@lootlane/contract";
import { api } from "@/shared/api/api";

export interface CreateTopUpInput extends TopUpRequest {
  /** One per submission: a repeat after a lost answer gets the same top-up, not a second payment. */
  idempotencyKey: string;
}

/** POST /wallet/top-ups: a pending top-up and the provider's page where it is paid. */
export async function createTopUp({ idempotencyKey, ...request }: CreateTopUpInput): Promise<TopUp> {
  const body = await api
    .post("wallet/top-ups", { json: request, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } })
    .json();
  return topUpSchema.parse(body);
}

/** Starts a top-up; the caller leaves for its confirmation URL, so nothing here needs refreshing yet. */
export function useCreateTopUp() {
  return useMutation({
    mutationFn: createTopUp,
    // The form that asked shows the refusal.
    meta: { notifyError: false },
  });
}
