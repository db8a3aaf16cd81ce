import { kopecksToRoubles, roublesToKopecks } from "@lootlane/contract";
import type { YookassaCredentials } from "../../config.js";

/*
 * ЮKassa's payouts API v3 as a payout gateway (agentId + secret) sees it: create a payout, read one back, list the
 * SBP participants. https://yookassa.ru/developers/payouts/making-payouts — the field names are the provider's.
 * Amounts go over the wire as roubles with kopecks in a string ("320.00"), as the API wants them.
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

/** A payout as the API answers it; only the fields this app reads. */
export type Payout = {
  id: string;
  status: "pending" | "succeeded" | "canceled";
  amountKopecks: number;
  currency: string;
  metadata: Record<string, string>;
  /** Who canceled it and why, for a canceled payout. */
  cancellation: { party: string; reason: string } | null;
};

export type SbpParticipant = { bank_id: string; name: string };

/**
 * The provider answered with an error of the request itself (4xx): nothing was created, and repeating the same
 * request will not help.
 */
export class PayoutRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly providerCode: string,
  ) {
    super(`ЮKassa refused the payout request: ${status} ${providerCode}`);
    this.name = "PayoutRefusedError";
  }
}

/**
 * No answer, a timeout or a 5xx: whether a payout was made is unknown, and the API's own advice is to repeat the
 * request with the same Idempotence-Key until it answers.
 */
export class PayoutGatewayUnavailableError extends Error {
  constructor(cause: unknown) {
    super("ЮKassa payouts did not answer", { cause });
    this.name = "PayoutGatewayUnavailableError";
  }
}

/** Long enough for the API's slow answers, short enough that an admin's click does not hang. */
const REQUEST_TIMEOUT_MS = 15_000;

/** POST /payouts with the Idempotence-Key: a repeat with the same key answers the same payout, never a second one. */
export async function createPayout(
  gateway: YookassaCredentials,
  request: PayoutRequest,
  idempotenceKey: string,
): Promise<Payout> {
  return readPayout(
    await call(gateway, "POST", "/payouts", {
      body: {
        amount: { value: kopecksToValue(request.amountKopecks), currency: "RUB" },
        payout_destination_data: request.destination,
        description: request.description,
        metadata: request.metadata,
      },
      idempotenceKey,
    }),
  );
}

/** GET /payouts/{id}: the payout's status now. */
export async function getPayout(gateway: YookassaCredentials, payoutId: string): Promise<Payout> {
  return readPayout(await call(gateway, "GET", `/payouts/${encodeURIComponent(payoutId)}`));
}

/** GET /sbp_banks: the participants of SBP a payout can reach. */
export async function listSbpParticipants(gateway: YookassaCredentials): Promise<SbpParticipant[]> {
  const answer = (await call(gateway, "GET", "/sbp_banks")) as { items?: Array<{ bank_id?: unknown; name?: unknown }> };
  return (answer.items ?? []).flatMap((item) =>
    typeof item.bank_id === "string" && typeof item.name === "string"
      ? [{ bank_id: item.bank_id, name: item.name }]
      : [],
  );
}

async function call(
  gateway: YookassaCredentials,
  method: "GET" | "POST",
  path: string,
  options: { body?: unknown; idempotenceKey?: string } = {},
): Promise<unknown> {
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${gateway.id}:${gateway.secret}`).toString("base64")}`,
  };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.idempotenceKey !== undefined) headers["idempotence-key"] = options.idempotenceKey;
  let response: Response;
  try {
    response = await fetch(`${gateway.apiUrl.replace(/\/+$/, "")}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PayoutGatewayUnavailableError(error);
  }
  const text = await response.text().catch(() => "");
  if (response.status >= 500 || response.status === 429) throw new PayoutGatewayUnavailableError(response.status);
  const parsed = parseJson(text);
  if (!response.ok) {
    const code = typeof parsed === "object" && parsed && "code" in parsed ? String(parsed.code) : "unknown";
    throw new PayoutRefusedError(response.status, code);
  }
  if (parsed === undefined) throw new PayoutGatewayUnavailableError("not JSON");
  return parsed;
}

function readPayout(answer: unknown): Payout {
  const payout = answer as {
    id?: unknown;
    status?: unknown;
    amount?: { value?: unknown; currency?: unknown };
    metadata?: Record<string, unknown> | null;
    cancellation_details?: { party?: unknown; reason?: unknown };
  };
  if (
    typeof payout.id !== "string" ||
    (payout.status !== "pending" && payout.status !== "succeeded" && payout.status !== "canceled") ||
    typeof payout.amount?.value !== "string"
  )
    throw new PayoutGatewayUnavailableError("not a payout");
  const details = payout.cancellation_details;
  return {
    id: payout.id,
    status: payout.status,
    amountKopecks: valueToKopecks(payout.amount.value),
    currency: String(payout.amount.currency),
    metadata: Object.fromEntries(Object.entries(payout.metadata ?? {}).map(([key, value]) => [key, String(value)])),
    cancellation: details ? { party: String(details.party), reason: String(details.reason) } : null,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function kopecksToValue(kopecks: number): string {
  return kopecksToRoubles(kopecks).toFixed(2);
}

/** "320.00" → 32000; a value that is not roubles with at most two decimals becomes NaN, which matches no amount. */
function valueToKopecks(value: string): number {
  return /^\d+(?:\.\d{1,2})?$/.test(value) ? roublesToKopecks(Number(value)) : Number.NaN;
}
