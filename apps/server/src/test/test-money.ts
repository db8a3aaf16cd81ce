import { IDEMPOTENCY_KEY_HEADER } from "@lootlane/contract";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { TestApp } from "./test-app.js";
import type { TestClient } from "./test-client.js";

/** Tops the user's balance up (or takes from it) as an admin would, through POST /v1/admin/balance-adjustment. */
export async function adjustBalanceAs(admin: TestClient, userId: string, amount: number): Promise<number> {
  const response = await admin.post("/v1/admin/balance-adjustment", { user_id: userId, amount, memo: "test" });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { balance: number }).balance;
}

/** The signed-in user's balance in roubles, as the header shows it (POST /v1/auth/). */
export async function balanceOf(client: TestClient): Promise<number> {
  const response = await client.post("/v1/auth/");
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { balance: number }).balance;
}

/**
 * POST /v1/products/buy as the client, with an Idempotency-Key, the price the buyer saw and a quantity when given.
 */
export function buyAs(
  t: Pick<TestApp, "app">,
  client: TestClient,
  productId: string,
  { idempotencyKey, price, quantity }: { idempotencyKey?: string; price?: number; quantity?: number } = {},
): Promise<LightMyRequestResponse> {
  const token = client.cookie("access_token");
  return t.app.inject({
    method: "POST",
    url: "/v1/products/buy",
    payload: {
      product_id: productId,
      ...(price === undefined ? {} : { price }),
      ...(quantity === undefined ? {} : { quantity }),
    },
    headers: {
      ...(token ? { cookie: `access_token=${token}` } : {}),
      ...(idempotencyKey === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
    },
  });
}

/** The error code of an error answer, with its status: `[409, "NOT_ENOUGH_BALANCE"]`. */
export function failure(response: LightMyRequestResponse): [number, string] {
  return [response.statusCode, (response.json() as { detail: { error_code: string } }).detail.error_code];
}
