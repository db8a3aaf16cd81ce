import { kopecksToRoubles, roublesToKopecks } from "@lootlane/contract";
import { z } from "zod";
import type { YookassaCredentials } from "../../config.js";

/*
 * ЮKassa's API v3 as one credential pair sees it (a shop for payments, a payout gateway for payouts): HTTP Basic
 * auth with the id and the secret key, JSON both ways, an Idempotence-Key on every POST so a retry after a lost
 * answer cannot make a second payment or payout. https://yookassa.ru/developers/using-api/basics
 *
 * Every answer is parsed by the caller's schema: a body that does not fit is treated like no answer at all, since
 * money must never move on a guess about what the provider meant.
 */

/** How long one call may take before it counts as unanswered; ЮKassa itself answers in well under a second. */
export const YOOKASSA_TIMEOUT_MS = 10_000;

/**
 * ЮKassa's error body (https://yookassa.ru/developers/using-api/response-handling/response-format), sent with
 * HTTP 400, 401, 403, 404, 429 and 500.
 */
const yookassaErrorBodySchema = z.object({
  type: z.literal("error"),
  id: z.string().optional(),
  code: z.string(),
  description: z.string().optional(),
  parameter: z.string().optional(),
});

/**
 * A call that did not do what was asked. `refused`: ЮKassa answered with one of its errors (bad request,
 * credentials, rights, not found) and repeating the same call will not help. `unavailable`: no usable answer
 * (network error, timeout, 5xx, 429, a body that is not what the API documents); the outcome of a POST is unknown
 * and the same call with the same Idempotence-Key may be repeated.
 */
export class YookassaError extends Error {
  constructor(
    readonly kind: "refused" | "unavailable",
    message: string,
    readonly details: {
      status?: number;
      code?: string;
      errorId?: string;
      description?: string;
      parameter?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "YookassaError";
  }

  /** ЮKassa said the object asked for does not exist (code not_found). */
  get notFound(): boolean {
    return this.kind === "refused" && this.details.code === "not_found";
  }
}

export type YookassaClient = {
  /** POST path with a JSON body; the key makes a repeat of the same call answer the first call's object. */
  post<S extends z.ZodType>(path: string, body: unknown, idempotenceKey: string, schema: S): Promise<z.output<S>>;
  get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>>;
};

export type YookassaClientOptions = { timeoutMs?: number };

export function createYookassaClient(
  credentials: YookassaCredentials,
  { timeoutMs = YOOKASSA_TIMEOUT_MS }: YookassaClientOptions = {},
): YookassaClient {
  const base = credentials.apiUrl.replace(/\/+$/, "");
  const authorization = `Basic ${Buffer.from(`${credentials.id}:${credentials.secret}`).toString("base64")}`;

  async function call<S extends z.ZodType>(
    method: "GET" | "POST",
    path: string,
    schema: S,
    body?: { json: unknown; idempotenceKey: string },
  ): Promise<z.output<S>> {
    const what = `${method} ${path}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: "application/json",
          ...(body ? { "content-type": "application/json", "idempotence-key": body.idempotenceKey } : {}),
        },
        body: body ? JSON.stringify(body.json) : undefined,
        redirect: "error",
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new YookassaError("unavailable", `ЮKassa ${what}: ${timedOut ? "no answer in time" : "unreachable"}`, {
        cause: error,
      });
    }

    const json = parseJson(text);
    if (response.status === 200) {
      const parsed = schema.safeParse(json);
      if (parsed.success) return parsed.data;
      throw new YookassaError("unavailable", `ЮKassa ${what}: an answer not in the documented shape`, {
        status: response.status,
        cause: parsed.error,
      });
    }
    const error = yookassaErrorBodySchema.safeParse(json);
    const details = {
      status: response.status,
      ...(error.success
        ? {
            code: error.data.code,
            errorId: error.data.id,
            description: error.data.description,
            parameter: error.data.parameter,
          }
        : {}),
    };
    // 500 means ЮKassa does not know the outcome itself, 429 asks to come back later: both are worth repeating.
    const retryable = response.status >= 500 || response.status === 429 || !error.success;
    const summary = error.success
      ? `${error.data.code}${error.data.description ? `: ${error.data.description}` : ""}`
      : "";
    throw new YookassaError(
      retryable ? "unavailable" : "refused",
      `ЮKassa ${what}: HTTP ${response.status}${summary ? ` ${summary}` : ""}`,
      details,
    );
  }

  return {
    post: (path, json, idempotenceKey, schema) => call("POST", path, schema, { json, idempotenceKey }),
    get: (path, schema) => call("GET", path, schema),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Kopecks as ЮKassa writes an amount: roubles with exactly two decimals, as a string ("500.00"). */
export function kopecksToAmountValue(kopecks: number): string {
  return kopecksToRoubles(kopecks).toFixed(2);
}

/** ЮKassa's amount string back to kopecks; undefined for anything but a plain non-negative decimal of kopecks. */
export function amountValueToKopecks(value: string): number | undefined {
  if (!/^\d{1,12}(?:\.\d{1,2})?$/.test(value)) return undefined;
  return roublesToKopecks(Number(value));
}

/** ЮKassa's amount object. */
export const yookassaAmountSchema = z.object({ value: z.string(), currency: z.string() });
