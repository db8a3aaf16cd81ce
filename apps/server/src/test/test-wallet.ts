import { IDEMPOTENCY_KEY_HEADER } from "@lootlane/contract";
import type { LightMyRequestResponse } from "fastify";
import type { TestApp } from "./test-app.js";
import type { TestClient } from "./test-client.js";

/** POST /v1/wallet/top-ups as the client, with an Idempotency-Key when given. */
export function topUpAs(
  t: Pick<TestApp, "app">,
  client: TestClient,
  body: object,
  idempotencyKey?: string,
): Promise<LightMyRequestResponse> {
  const token = client.cookie("access_token") ?? client.cookie("__Host-access_token");
  const name = client.cookie("access_token") ? "access_token" : "__Host-access_token";
  return t.app.inject({
    method: "POST",
    url: "/v1/wallet/top-ups",
    remoteAddress: client.ip,
    payload: body,
    headers: {
      ...(token ? { cookie: `${name}=${token}` } : {}),
      ...(idempotencyKey === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
    },
  });
}
