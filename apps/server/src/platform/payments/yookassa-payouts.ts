import { z } from "zod";
import type { YookassaCredentials } from "../../config.js";
import {
  amountValueToKopecks,
  createYookassaClient,
  kopecksToAmountValue,
  yookassaAmountSchema,
} from "./yookassa-client.js";

/*
 * ЮKassa's payouts as a payout gateway (agentId + secret key) sees them: create a payout, read one back, list the
 * SBP participants (https://yookassa.ru/developers/api#payout_object, .../payouts/making-payouts/sbp). Calls go
 * through the shared client, so its YookassaError (`refused` / `unavailable`) is what a failure throws.
 */

export type PayoutDestinationData =
  | { type: "bank_card"; card: { number: string } }
  | { type: "sbp"; phone: string; bank_id: string }
  | { type: "yoo_money"; account_number: string };

export type PayoutRequest = {
  amountKopecks: number;
  destination: PayoutDestinationData;
  description: string;
  metadata: Record<string, string>;
};

const payoutSchema = z.object({
  id: z.string(),
  status: z.enum(["pending", "succeeded", "canceled"]),
  amount: yookassaAmountSchema,
  metadata: z.record(z.string(), z.string()).nullish(),
  cancellation_details: z.object({ party: z.string(), reason: z.string() }).nullish(),
});

const sbpBanksSchema = z.object({
  items: z.array(z.object({ bank_id: z.string(), name: z.string() })),
});

/** A payout as the API answers it; only the fields this app reads. */
export type Payout = {
  id: string;
  status: "pending" | "succeeded" | "canceled";
  /** Undefined when the answer's amount is not a plain amount of kopecks, which then matches no withdrawal. */
  amountKopecks: number | undefined;
  currency: string;
  metadata: Record<string, string>;
  /** Who canceled it and why, for a canceled payout. */
  cancellation: { party: string; reason: string } | null;
};

export type SbpParticipant = { bank_id: string; name: string };

/** POST /payouts with the Idempotence-Key: a repeat with the same key answers the same payout, never a second one. */
export async function createPayout(
  gateway: YookassaCredentials,
  request: PayoutRequest,
  idempotenceKey: string,
): Promise<Payout> {
  const body = {
    amount: { value: kopecksToAmountValue(request.amountKopecks), currency: "RUB" },
    payout_destination_data: request.destination,
    description: request.description,
    metadata: request.metadata,
  };
  return readPayout(await createYookassaClient(gateway).post("/payouts", body, idempotenceKey, payoutSchema));
}

/** GET /payouts/{id}: the payout's status now. */
export async function getPayout(gateway: YookassaCredentials, payoutId: string): Promise<Payout> {
  return readPayout(await createYookassaClient(gateway).get(`/payouts/${encodeURIComponent(payoutId)}`, payoutSchema));
}

/** GET /sbp_banks: the participants of SBP a payout can reach. */
export async function listSbpParticipants(gateway: YookassaCredentials): Promise<SbpParticipant[]> {
  const { items } = await createYookassaClient(gateway).get("/sbp_banks", sbpBanksSchema);
  return items.map(({ bank_id, name }) => ({ bank_id, name }));
}

function readPayout(payout: z.output<typeof payoutSchema>): Payout {
  return {
    id: payout.id,
    status: payout.status,
    amountKopecks: amountValueToKopecks(payout.amount.value),
    currency: payout.amount.currency,
    metadata: payout.metadata ?? {},
    cancellation: payout.cancellation_details ?? null,
  };
}
