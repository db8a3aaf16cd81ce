import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { testPaymentSchema, type TestPayment } from "@lootlane/contract";
import { api } from "@/shared/api/api";

const testPaymentQueryKey = (id: string) => ["test-payment", id] as const;

/** GET /payments/test/{id}: the test checkout's payment, with where the payer goes back to. */
export async function getTestPayment(id: string): Promise<TestPayment> {
  return testPaymentSchema.parse(await api.get(`payments/test/${encodeURIComponent(id)}`).json());
}

export function useTestPayment(id: string) {
  return useQuery({ queryKey: testPaymentQueryKey(id), queryFn: () => getTestPayment(id) });
}

export type TestPaymentDecision = "pay" | "decline";

/** POST /payments/test/{id}/pay or /decline: the payer's two buttons, as on a provider's test shop. */
export async function decideTestPayment({ id, decision }: { id: string; decision: TestPaymentDecision }) {
  await api.post(`payments/test/${encodeURIComponent(id)}/${decision}`);
}

/** After a refusal (already paid or declined elsewhere), the page reads the payment again to say where it stands. */
export function useDecideTestPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideTestPayment,
    meta: { notifyError: false },
    onError: () => queryClient.invalidateQueries({ queryKey: testPaymentQueryKey(id) }),
  });
}
