import { z } from "zod";
import type { PaymentProvider as ProviderName } from "../../db/schema/wallet.js";
import {
  amountValueToKopecks,
  kopecksToAmountValue,
  yookassaAmountSchema,
  YookassaError,
  type YookassaClient,
} from "../../platform/payments/yookassa-client.js";

/*
 * Where top-up money comes from (ARCHITECTURE.md §4 "Wallet"): ЮKassa, or the built-in test checkout that answers
 * like ЮKassa's test shop. Both are read the same way afterwards, so the code that credits a top-up cannot tell
 * them apart and the test checkout exercises the real path.
 */

/** A provider payment as our code needs it; `amountKopecks` is undefined when the provider's amount is unreadable. */
export type ProviderPayment = {
  id: string;
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled";
  amountKopecks: number | undefined;
  currency: string;
  /** The top-up id the payment's metadata names. */
  topUpId: string | undefined;
  confirmationUrl: string | null;
};

export type NewPayment = { topUpId: string; amountKopecks: number; returnUrl: string; description: string };

export type PaymentProvider = {
  name: ProviderName;
  /** Creates the payment once per top-up: a repeat for the same top-up answers the same payment. */
  createPayment(payment: NewPayment): Promise<ProviderPayment>;
  /** The payment as the provider has it now; undefined when it has no such payment. */
  getPayment(id: string): Promise<ProviderPayment | undefined>;
};

/** The key of the top-up id in a payment's metadata. */
export const TOP_UP_METADATA_KEY = "top_up_id";

/** https://yookassa.ru/developers/api#payment_object, the fields we read. */
const yookassaPaymentSchema = z.object({
  id: z.string().min(1),
  status: z.enum(["pending", "waiting_for_capture", "succeeded", "canceled"]),
  amount: yookassaAmountSchema,
  confirmation: z.object({ confirmation_url: z.string().optional() }).optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

function fromYookassa(payment: z.output<typeof yookassaPaymentSchema>): ProviderPayment {
  const topUpId = payment.metadata?.[TOP_UP_METADATA_KEY];
  return {
    id: payment.id,
    status: payment.status,
    amountKopecks: amountValueToKopecks(payment.amount.value),
    currency: payment.amount.currency,
    topUpId: typeof topUpId === "string" ? topUpId : undefined,
    confirmationUrl: payment.confirmation?.confirmation_url ?? null,
  };
}

/** Payments of a ЮKassa shop through its API v3. */
export function createYookassaPaymentProvider(client: YookassaClient): PaymentProvider {
  return {
    name: "yookassa",
    // The top-up id is the Idempotence-Key: a create repeated after a lost answer finds the first payment.
    createPayment: async ({ topUpId, amountKopecks, returnUrl, description }) =>
      fromYookassa(
        await client.post(
          "/payments",
          {
            amount: { value: kopecksToAmountValue(amountKopecks), currency: "RUB" },
            capture: true,
            confirmation: { type: "redirect", return_url: returnUrl },
            description,
            metadata: { [TOP_UP_METADATA_KEY]: topUpId },
          },
          topUpId,
          yookassaPaymentSchema,
        ),
      ),
    getPayment: async (id) => {
      try {
        return fromYookassa(await client.get(`/payments/${encodeURIComponent(id)}`, yookassaPaymentSchema));
      } catch (error) {
        if (error instanceof YookassaError && error.notFound) return undefined;
        throw error;
      }
    },
  };
}
